// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartondocument.h"

#include "documentcommand.h"
#include "jobs/latestjob.h"
#include "model/modelset.h"
#include "modelfiles.h"
#include "package/carton.h"
#include "recoveryfile.h"
#include "validate/validator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTimer>
#include <QUndoStack>
#include <QUuid>
#include <algorithm>
#include <exception>
#include <mutex>

namespace studio {

namespace {

Q_LOGGING_CATEGORY(lcDocument, "studio.document")

const QString validateKey = QStringLiteral("validate");
const QString saveKey = QStringLiteral("save");
const QString kIndexPath = QStringLiteral("tensor_data/index.toml");
constexpr int validateDelayMs = 150;
constexpr int autosaveIntervalMs = 2 * 60 * 1000;
// Unsaved edits reach the recovery file this soon after a burst of edits ends
// (not only every two minutes): a crash right after typing loses nothing.
constexpr int autosaveAfterEditsMs = 3000;

struct Validation {
    carton::Diagnostics diagnostics;
    QList<carton::SymbolSummary> symbols;
};

} // namespace

// The document's tensor_data/index.toml (what self-tests and examples feed the
// inputs/outputs), read once, on the first validation job's thread that needs it;
// every later job shares it until the index changes (an import, an undo of one),
// when a new cache replaces this one. Null when there is none or it cannot be read
// (validateEdits then says why).
struct TensorIndexCache {
    std::shared_ptr<const carton::Carton> carton; // keeps the edits' original alive
    carton::CartonEdits files;
    std::once_flag once;
    std::optional<carton::TensorIndex> index;

    const carton::TensorIndex *get()
    {
        std::call_once(once, [this] {
            if (carton::Result<carton::TensorIndex> read = files.tensorIndex())
                index = std::move(read).value();
        });
        return index ? &*index : nullptr;
    }
};

// The files of model/ as `files` has them, by path.
static QHash<QString, carton::CartonEdits::FileSource> modelFilesOf(const carton::CartonEdits &files)
{
    QHash<QString, carton::CartonEdits::FileSource> out;
    for (auto it = files.files().cbegin(); it != files.files().cend(); ++it)
        if (it.key().startsWith(QLatin1String("model/")))
            out.insert(it.key(), it.value());
    return out;
}

// The model files of the document (their signature is checked against the specs;
// Fill from Model reads it), read once by the first validation job after model/
// changed. The original carton's own entries when model/ is as it was (only the
// first bytes of compressed entries are read to recognise them).
struct ModelSetCache {
    std::shared_ptr<const carton::Carton> carton; // keeps the edits' original alive
    carton::CartonEdits files;
    std::once_flag once;
    carton::ModelSet models;

    const carton::ModelSet &get()
    {
        std::call_once(once, [this] { models = carton::ModelSet::fromEdits(files); });
        return models;
    }
};

CartonDocument::CartonDocument(std::shared_ptr<const carton::Carton> original, const QString &savePath, QObject *parent)
    : QObject(parent), m_original(std::move(original)), m_savePath(savePath), m_undo(new QUndoStack(this)),
      m_jobs(new LatestJob(this)), m_validateTimer(new QTimer(this)), m_autosaveTimer(new QTimer(this)),
      m_tensorIndex(std::make_shared<TensorIndexCache>()), m_models(std::make_shared<ModelSetCache>())
{
    if (m_original) {
        m_state.files = carton::CartonEdits(m_original.get());
        if (m_original->info())
            m_state.info = *m_original->info();
        m_name = QFileInfo(m_original->path()).fileName();
    }
    m_tensorIndex->carton = m_original;
    m_tensorIndex->files = m_state.files;
    m_models->carton = m_original;
    m_models->files = m_state.files;
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(validateDelayMs);
    connect(m_validateTimer, &QTimer::timeout, this, &CartonDocument::startValidation);
    m_autosaveTimer->setInterval(autosaveIntervalMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, [this] {
        autosave();
        m_autosaveTimer->start(autosaveIntervalMs); // back to the periodic save after a burst
    });
    m_autosaveTimer->start();
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] { emit modifiedChanged(isModified()); });
    connect(m_jobs, &LatestJob::runningChanged, this, [this](const QString &key, bool running) {
        if (key == validateKey)
            emit validatingChanged(running);
    });
    m_recoveryPath =
        RecoveryFile::folder() + u'/' + QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".json");
    startValidation();
}

std::unique_ptr<CartonDocument> CartonDocument::fromModelFiles(const ModelFiles &files, QObject *parent)
{
    auto document = std::make_unique<CartonDocument>(nullptr, QString(), parent);
    for (const ModelFiles::File &file : files.files)
        (void)document->m_state.files.putFile(file.archivePath, file.diskPath);
    document->m_models = std::make_shared<ModelSetCache>();
    document->m_models->files = document->m_state.files;
    document->m_state.info.runner.runnerName = files.runner;
    if (!files.name.isEmpty())
        document->m_state.info.modelName = files.name;
    if (!files.license.isEmpty())
        document->m_state.info.license = files.license;
    if (!files.shortDescription.isEmpty())
        document->m_state.info.shortDescription = files.shortDescription;
    if (!files.modelDescription.isEmpty())
        document->m_state.info.modelDescription = files.modelDescription;
    document->m_state.guesses = files.guesses; // for the author to confirm
    document->m_name = files.name.isEmpty() ? tr("Untitled") : files.name;
    document->m_neverSaved = true;
    document->startValidation();
    return document;
}

CartonDocument::~CartonDocument() = default;

void CartonDocument::confirmGuesses()
{
    if (m_state.guesses.isEmpty())
        return;
    DocumentState confirmed = m_state;
    confirmed.guesses.clear();
    setState(confirmed, tr("Confirm Guessed Fields"));
}

QString CartonDocument::guessedFieldText(const QString &field) const
{
    const carton::CartonInfo &i = m_state.info;
    if (field == u"model_name")
        return i.modelName.value_or(QString());
    if (field == u"license")
        return i.license.value_or(QString());
    if (field == u"short_description")
        return i.shortDescription.value_or(QString());
    if (field == u"model_description")
        return i.modelDescription ? tr("%n character(s)", nullptr, int(i.modelDescription->size())) : QString();
    if (field == u"runner.runner_name")
        return i.runner.runnerName;
    return {};
}

bool CartonDocument::isModified() const
{
    return m_neverSaved || !m_undo->isClean();
}

bool CartonDocument::isReadOnly() const
{
    return m_original && (m_original->isReadOnly() || m_original->source().isRemote());
}

QString CartonDocument::displayName() const
{
    if (!m_savePath.isEmpty())
        return QFileInfo(m_savePath).fileName();
    return m_name.isEmpty() ? tr("Untitled") : m_name;
}

void CartonDocument::setInfo(const carton::CartonInfo &info, const QString &what, const QString &mergeKey)
{
    DocumentState next = m_state;
    next.info = info;
    setState(next, what, mergeKey);
}

void CartonDocument::setState(const DocumentState &state, const QString &what, const QString &mergeKey)
{
    if (state == m_state)
        return;
    m_undo->push(new DocumentCommand(what, m_state, state, mergeKey, [this](const DocumentState &s) { apply(s); }));
}

carton::Status CartonDocument::addFile(const QString &archivePath, const QString &diskPath)
{
    DocumentState next = m_state;
    const bool replacing = next.files.find(archivePath) != nullptr;
    if (auto status = next.files.putFile(archivePath, diskPath); !status)
        return status;
    setState(next, replacing ? tr("Replace %1").arg(archivePath) : tr("Add %1").arg(archivePath));
    return {};
}

carton::Status CartonDocument::addBytes(const QString &archivePath, const QByteArray &bytes, const QString &what)
{
    DocumentState next = m_state;
    if (auto status = next.files.putBytes(archivePath, bytes); !status)
        return status;
    setState(next, what);
    return {};
}

carton::Status CartonDocument::removeFile(const QString &archivePath)
{
    DocumentState next = m_state;
    if (auto status = next.files.remove(archivePath); !status)
        return status;
    setState(next, tr("Remove %1").arg(archivePath));
    return {};
}

carton::Status CartonDocument::renameFile(const QString &from, const QString &to)
{
    DocumentState next = m_state;
    if (auto status = next.files.rename(from, to); !status)
        return status;
    setState(next, tr("Rename %1").arg(from));
    return {};
}

void CartonDocument::apply(const DocumentState &state)
{
    const bool infoChanged = !(state.info == m_state.info);
    const bool filesChanged = !sameFiles(state.files, m_state.files);
    const bool guessesChanged = state.guesses != m_state.guesses;
    const auto *oldIndex = m_state.files.find(kIndexPath);
    const auto *newIndex = state.files.find(kIndexPath);
    if (filesChanged && !(oldIndex && newIndex ? *oldIndex == *newIndex : !oldIndex && !newIndex)) {
        m_tensorIndex = std::make_shared<TensorIndexCache>();
        m_tensorIndex->carton = m_original;
        m_tensorIndex->files = state.files;
    }
    if (filesChanged && modelFilesOf(state.files) != modelFilesOf(m_state.files)) {
        m_models = std::make_shared<ModelSetCache>();
        m_models->carton = m_original;
        m_models->files = state.files;
    }
    m_state = state;
    m_autosaveTimer->start(autosaveAfterEditsMs); // each edit of a burst moves it on
    if (infoChanged)
        emit this->infoChanged();
    if (filesChanged)
        emit this->filesChanged();
    if (guessesChanged)
        emit this->guessesChanged();
    emit modifiedChanged(isModified());
    scheduleValidation();
}

void CartonDocument::scheduleValidation()
{
    m_validateTimer->start();
}

bool CartonDocument::isValidating() const
{
    return m_validateTimer->isActive() || m_jobs->isRunning(validateKey);
}

// The document's one validation (core's validateEdits: what `carton verify` says
// of the saved result), with the index and model files read once per change.
static Validation validateDocument(const DocumentState &state, const std::shared_ptr<TensorIndexCache> &index,
                                   const std::shared_ptr<ModelSetCache> &models)
{
    Validation v;
    carton::EditsValidationInputs inputs;
    inputs.index = index->get();
    inputs.models = &models->get();
    inputs.symbols = &v.symbols;
    v.diagnostics = carton::validateEdits(state.files, state.info, inputs);
    return v;
}

void CartonDocument::startValidation()
{
    m_validateTimer->stop();
    m_jobs->start(
        validateKey,
        [state = m_state, index = m_tensorIndex, models = m_models](carton::Progress &) {
            return validateDocument(state, index, models);
        },
        [this](Validation result) { adoptValidation(std::move(result.diagnostics), std::move(result.symbols)); });
}

void CartonDocument::adoptValidation(carton::Diagnostics diagnostics, QList<carton::SymbolSummary> symbols)
{
    m_validated = std::move(diagnostics);
    m_symbols = std::move(symbols);
    mergeDiagnostics();
}

const carton::ModelSet &CartonDocument::models() const
{
    return m_models->get();
}

void CartonDocument::mergeDiagnostics()
{
    carton::Diagnostics list;
    for (auto it = m_unapplied.cbegin(); it != m_unapplied.cend(); ++it)
        list.append({carton::Severity::Error, carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, it.key()},
                     it->message});
    m_diagnostics = list + m_validated;
    emit diagnosticsChanged();
}

void CartonDocument::setUnappliedText(const QString &field, const QString &text, const QString &message)
{
    UnappliedTexts next = m_unapplied;
    next.insert(field, {text, message});
    setUnappliedTexts(next);
}

void CartonDocument::clearUnappliedText(const QString &field)
{
    UnappliedTexts next = m_unapplied;
    next.remove(field);
    setUnappliedTexts(next);
}

void CartonDocument::setUnappliedTexts(const UnappliedTexts &texts)
{
    if (texts == m_unapplied)
        return;
    m_unapplied = texts;
    mergeDiagnostics();
}

const CartonDocument::UnappliedText *CartonDocument::unappliedText(const QString &field) const
{
    const auto it = m_unapplied.constFind(field);
    return it == m_unapplied.cend() ? nullptr : &*it;
}

void CartonDocument::validateNow()
{
    // On this thread, without waiting on the pool (other jobs may be long): a
    // validation job still running is superseded, its result dropped.
    m_validateTimer->stop();
    m_jobs->cancel(validateKey);
    Validation v = validateDocument(m_state, m_tensorIndex, m_models);
    adoptValidation(std::move(v.diagnostics), std::move(v.symbols));
}

QStringList CartonDocument::missingFields() const
{
    // The required fields validateEdits found empty or wrong, in the order the
    // editor shows them.
    static const QStringList required = {QStringLiteral("runner.runner_name"),
                                         QStringLiteral("runner.required_framework_version"), QStringLiteral("model/")};
    QStringList missing;
    for (const QString &field : required) {
        const bool isFolder = field.endsWith(u'/');
        const bool failed = std::any_of(m_validated.cbegin(), m_validated.cend(), [&](const carton::Diagnostic &d) {
            return d.severity == carton::Severity::Error &&
                   (isFolder ? d.location.file == field && d.location.field.isEmpty()
                             : d.location.file == u"carton.toml" && d.location.field == field);
        });
        if (failed)
            missing.append(field);
    }
    return missing;
}

QString CartonDocument::fieldLabel(const QString &field)
{
    if (field == u"runner.runner_name")
        return tr("Runner name");
    if (field == u"runner.required_framework_version")
        return tr("Required framework version");
    if (field == u"model/")
        return tr("Model files");
    if (field == u"model_name")
        return tr("Model name");
    return field;
}

bool CartonDocument::isSaving() const
{
    return m_jobs->isRunning(saveKey);
}

QString CartonDocument::suggestedSavePath() const
{
    if (!m_savePath.isEmpty())
        return m_savePath;
    QString base = m_state.info.modelName.value_or(m_name).trimmed();
    base.replace(u'/', u'-');
    if (base.isEmpty())
        base = QStringLiteral("model");
    QString folder = QDir::homePath();
    if (m_original)
        folder = QFileInfo(m_original->path()).absolutePath();
    return folder + u'/' + base + QStringLiteral(".carton");
}

void CartonDocument::save(const QString &path, const carton::SaveOptions &options)
{
    carton::CartonEdits edits = m_state.files;
    edits.setInfo(m_state.info);
    m_saveIndex = m_undo->index();
    auto original = m_original; // kept alive by the job: edits point into it
    m_jobs->start(
        saveKey,
        [edits, path, options, original](carton::Progress &progress) -> carton::Result<carton::SaveResult> {
            return carton::saveCarton(edits, path, options, &progress);
        },
        [this, path](carton::Result<carton::SaveResult> result) {
            if (!result) {
                const carton::Error &error = result.error();
                emit saveFinished(false, path,
                                  error.code == carton::ErrorCode::Cancelled ? tr("Saving was cancelled.")
                                                                             : error.toString());
                return;
            }
            m_savePath = path;
            m_neverSaved = false;
            if (m_undo->index() == m_saveIndex)
                m_undo->setClean();
            if (!isModified())
                discardRecovery();
            emit modifiedChanged(isModified());
            emit saveFinished(true, path, {});
        },
        [this](qint64 done, qint64 total) { emit saveProgress(done, total); });
}

void CartonDocument::cancelSave()
{
    // interrupt, not cancel: the job still reports (as cancelled).
    m_jobs->interrupt(saveKey);
}

bool CartonDocument::autosave()
{
    if (!isModified()) {
        discardRecovery();
        return true;
    }
    const QString original = m_original ? m_original->path() : QString();
    const carton::Status written = RecoveryFile::write(m_recoveryPath, original, m_savePath, displayName(), m_state);
    if (written) {
        m_autosaveError.clear();
        return true;
    }
    const QString error = written.error().toString();
    qCWarning(lcDocument).noquote() << "autosave of" << displayName() << "failed:" << error;
    if (std::exchange(m_autosaveError, error) != error)
        emit autosaveFailed(error);
    return false;
}

void CartonDocument::discardRecovery()
{
    QFile::remove(m_recoveryPath);
}

void CartonDocument::restoreState(const DocumentState &state)
{
    setState(state, tr("Recover Unsaved Edits"));
    m_neverSaved = true;
    emit modifiedChanged(true);
}

} // namespace studio
