// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelstatement.h"

#include "base/sha256.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <utility>

namespace carton {

namespace {

constexpr qsizetype kMaxNameLength = 4096;

// Parsing with the field path at hand, so every error names its field.
class StatementParser {
public:
    explicit StatementParser(QString where) : m_where(std::move(where)) {}

    Error error(const QString &field, const QString &expected, ErrorCode code = ErrorCode::Format) const
    {
        return makeError(code, QStringLiteral("payload: %1: %2").arg(field, expected), m_where);
    }

    // The member `key` of `object` as a string, or an error naming `field`.
    Result<QString> string(const QJsonObject &object, const QString &key, const QString &field) const
    {
        const auto it = object.constFind(key);
        if (it == object.constEnd())
            return error(field, QStringLiteral("missing (expected a string)"));
        if (!it->isString())
            return error(field, QStringLiteral("expected a string"));
        const QString text = it->toString();
        if (text.size() > kMaxNameLength)
            return error(field, QStringLiteral("longer than %1 characters").arg(kMaxNameLength));
        return text;
    }

    Status exact(const QJsonObject &object, const QString &key, const QString &field, QLatin1StringView expected) const
    {
        Result<QString> text = string(object, key, field);
        if (!text)
            return text.error();
        if (*text != expected)
            return error(field, QStringLiteral("is \"%1\", expected \"%2\"").arg(*text, expected));
        return {};
    }

    Result<QJsonObject> object(const QJsonObject &parent, const QString &key, const QString &field) const
    {
        const auto it = parent.constFind(key);
        if (it == parent.constEnd())
            return error(field, QStringLiteral("missing (expected an object)"));
        if (!it->isObject())
            return error(field, QStringLiteral("expected an object"));
        return it->toObject();
    }

    Result<QJsonArray> array(const QJsonObject &parent, const QString &key, const QString &field) const
    {
        const auto it = parent.constFind(key);
        if (it == parent.constEnd())
            return error(field, QStringLiteral("missing (expected an array)"));
        if (!it->isArray())
            return error(field, QStringLiteral("expected an array"));
        return it->toArray();
    }

    Result<QByteArray> sha256(const QJsonObject &object, const QString &key, const QString &field) const
    {
        Result<QString> text = string(object, key, field);
        if (!text)
            return text.error();
        const QByteArray hex = text->toLatin1();
        if (!isSha256Hex(hex) || text->size() != hex.size())
            return error(field, QStringLiteral("expected 64 lowercase hex digits"));
        return hex;
    }

    // The files of an array of {"name": PATH, ...} objects (resources, or v0.1's
    // subjects): at most `max` of them, each an object with a name that is not
    // empty and not listed before. The objects, in order, and their names.
    Result<QList<std::pair<QJsonObject, QString>>> namedEntries(const QJsonArray &array, const QString &field,
                                                                qint64 max) const
    {
        if (array.size() > max)
            return error(field, QStringLiteral("has %1 entries, more than the limit of %2").arg(array.size()).arg(max),
                         ErrorCode::Limit);
        QList<std::pair<QJsonObject, QString>> out;
        QSet<QString> seen;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString entry = field + QStringLiteral("[%1]").arg(i);
            if (!array.at(i).isObject())
                return error(entry, QStringLiteral("expected an object"));
            const QJsonObject object = array.at(i).toObject();
            Result<QString> path = string(object, QStringLiteral("name"), entry + QStringLiteral(".name"));
            if (!path)
                return path.error();
            if (path->isEmpty())
                return error(entry + QStringLiteral(".name"), QStringLiteral("is empty, expected a file path"));
            if (seen.contains(*path))
                return error(entry + QStringLiteral(".name"), QStringLiteral("\"%1\" is listed twice").arg(*path));
            seen.insert(*path);
            out.append({object, *path});
        }
        return out;
    }

private:
    QString m_where;
};

} // namespace

ModelStatement ModelStatement::fromManifest(const QString &modelName, const Manifest &manifest)
{
    ModelStatement statement;
    statement.modelName = modelName;
    statement.resources = manifest.entries();
    statement.ignorePaths = {QStringLiteral("MANIFEST"), QStringLiteral("LINKS")};
    return statement;
}

QByteArray ModelStatement::rootDigest() const
{
    Sha256 hasher;
    for (const ManifestEntry &entry : resources)
        hasher.add(QByteArray::fromHex(entry.sha256));
    return hasher.finishHex();
}

QByteArray ModelStatement::toJson() const
{
    QJsonArray resourceArray;
    for (const ManifestEntry &entry : resources)
        resourceArray.append(QJsonObject{{QStringLiteral("name"), entry.path},
                                         {QStringLiteral("algorithm"), QStringLiteral("sha256")},
                                         {QStringLiteral("digest"), QString::fromLatin1(entry.sha256)}});
    QJsonObject serialization{{QStringLiteral("method"), QStringLiteral("files")},
                              {QStringLiteral("hash_type"), QStringLiteral("sha256")},
                              {QStringLiteral("allow_symlinks"), false}};
    if (!ignorePaths.isEmpty()) // as model_signing, which leaves out an empty list
        serialization.insert(QStringLiteral("ignore_paths"), QJsonArray::fromStringList(ignorePaths));
    const QJsonObject subject{
        {QStringLiteral("name"), modelName},
        {QStringLiteral("digest"), QJsonObject{{QStringLiteral("sha256"), QString::fromLatin1(rootDigest())}}}};
    const QJsonObject statement{
        {QStringLiteral("_type"), QLatin1StringView(kStatementType)},
        {QStringLiteral("subject"), QJsonArray{subject}},
        {QStringLiteral("predicateType"), QLatin1StringView(kPredicateType)},
        {QStringLiteral("predicate"),
         QJsonObject{{QStringLiteral("serialization"), serialization}, {QStringLiteral("resources"), resourceArray}}}};
    return QJsonDocument(statement).toJson(QJsonDocument::Indented);
}

Result<ModelStatement> ModelStatement::parse(QByteArrayView json, const QString &where, qint64 maxResources)
{
    const StatementParser p(where);
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toByteArray(), &jsonError);
    if (jsonError.error != QJsonParseError::NoError)
        return p.error(QStringLiteral("statement"),
                       QStringLiteral("not JSON (%1 at byte %2)").arg(jsonError.errorString()).arg(jsonError.offset));
    if (!doc.isObject())
        return p.error(QStringLiteral("statement"), QStringLiteral("expected a JSON object"));
    const QJsonObject root = doc.object();
    if (Status s = p.exact(root, QStringLiteral("_type"), QStringLiteral("_type"), QLatin1StringView(kStatementType));
        !s)
        return s.error();
    Result<QString> predicateType = p.string(root, QStringLiteral("predicateType"), QStringLiteral("predicateType"));
    if (!predicateType)
        return predicateType.error();
    ModelStatement statement;
    Result<QJsonArray> subjects = p.array(root, QStringLiteral("subject"), QStringLiteral("subject"));
    if (!subjects)
        return subjects.error();
    if (*predicateType == QLatin1StringView(kPredicateTypeV01)) {
        Result<QList<std::pair<QJsonObject, QString>>> entries =
            p.namedEntries(*subjects, QStringLiteral("subject"), maxResources);
        if (!entries)
            return entries.error();
        for (qsizetype i = 0; i < entries->size(); ++i) {
            const auto &[subject, path] = entries->at(i);
            const QString field = QStringLiteral("subject[%1]").arg(i);
            Result<QJsonObject> digest = p.object(subject, QStringLiteral("digest"), field + QStringLiteral(".digest"));
            if (!digest)
                return digest.error();
            Result<QByteArray> sha =
                p.sha256(*digest, QStringLiteral("sha256"), field + QStringLiteral(".digest.sha256"));
            if (!sha)
                return sha.error();
            statement.resources.append({path, *sha});
        }
        statement.legacyDigests = true;
        return statement;
    }
    if (*predicateType != QLatin1StringView(kPredicateType))
        return p.error(
            QStringLiteral("predicateType"),
            QStringLiteral("is \"%1\", expected \"%2\"").arg(*predicateType, QLatin1StringView(kPredicateType)));
    if (subjects->size() != 1)
        return p.error(QStringLiteral("subject"),
                       QStringLiteral("has %1 entries, expected exactly one (the model)").arg(subjects->size()));
    if (!subjects->at(0).isObject())
        return p.error(QStringLiteral("subject[0]"), QStringLiteral("expected an object"));
    const QJsonObject subject = subjects->at(0).toObject();
    Result<QString> name = p.string(subject, QStringLiteral("name"), QStringLiteral("subject[0].name"));
    if (!name)
        return name.error();
    statement.modelName = *name;
    Result<QJsonObject> subjectDigest =
        p.object(subject, QStringLiteral("digest"), QStringLiteral("subject[0].digest"));
    if (!subjectDigest)
        return subjectDigest.error();
    Result<QByteArray> root256 =
        p.sha256(*subjectDigest, QStringLiteral("sha256"), QStringLiteral("subject[0].digest.sha256"));
    if (!root256)
        return root256.error();

    Result<QJsonObject> predicate = p.object(root, QStringLiteral("predicate"), QStringLiteral("predicate"));
    if (!predicate)
        return predicate.error();
    Result<QJsonObject> serialization =
        p.object(*predicate, QStringLiteral("serialization"), QStringLiteral("predicate.serialization"));
    if (!serialization)
        return serialization.error();
    if (Status s = p.exact(*serialization, QStringLiteral("method"), QStringLiteral("predicate.serialization.method"),
                           QLatin1StringView("files"));
        !s)
        return s.error();
    if (Status s = p.exact(*serialization, QStringLiteral("hash_type"),
                           QStringLiteral("predicate.serialization.hash_type"), QLatin1StringView("sha256"));
        !s)
        return s.error();
    if (serialization->contains(QStringLiteral("ignore_paths"))) {
        Result<QJsonArray> ignore = p.array(*serialization, QStringLiteral("ignore_paths"),
                                            QStringLiteral("predicate.serialization.ignore_paths"));
        if (!ignore)
            return ignore.error();
        if (ignore->size() > maxResources)
            return p.error(QStringLiteral("predicate.serialization.ignore_paths"),
                           QStringLiteral("more than %1 entries").arg(maxResources), ErrorCode::Limit);
        for (qsizetype i = 0; i < ignore->size(); ++i) {
            if (!ignore->at(i).isString())
                return p.error(QStringLiteral("predicate.serialization.ignore_paths[%1]").arg(i),
                               QStringLiteral("expected a string"));
            statement.ignorePaths.append(ignore->at(i).toString());
        }
    }

    Result<QJsonArray> resources =
        p.array(*predicate, QStringLiteral("resources"), QStringLiteral("predicate.resources"));
    if (!resources)
        return resources.error();
    Result<QList<std::pair<QJsonObject, QString>>> entries =
        p.namedEntries(*resources, QStringLiteral("predicate.resources"), maxResources);
    if (!entries)
        return entries.error();
    for (qsizetype i = 0; i < entries->size(); ++i) {
        const auto &[resource, path] = entries->at(i);
        const QString field = QStringLiteral("predicate.resources[%1]").arg(i);
        if (Status s = p.exact(resource, QStringLiteral("algorithm"), field + QStringLiteral(".algorithm"),
                               QLatin1StringView("sha256"));
            !s)
            return s.error();
        Result<QByteArray> digest = p.sha256(resource, QStringLiteral("digest"), field + QStringLiteral(".digest"));
        if (!digest)
            return digest.error();
        statement.resources.append({path, *digest});
    }
    const QByteArray computed = statement.rootDigest();
    if (computed != *root256)
        return p.error(QStringLiteral("subject[0].digest.sha256"),
                       QStringLiteral("is %1, but the resources hash to %2")
                           .arg(QString::fromLatin1(*root256), QString::fromLatin1(computed)),
                       ErrorCode::Integrity);
    return statement;
}

} // namespace carton
