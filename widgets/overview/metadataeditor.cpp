// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "metadataeditor.h"

#include "common/editorutils.h"
#include "common/fieldtext.h"
#include "common/viewutils.h"
#include "description/descriptionbrowser.h"
#include "document/cartondocument.h"
#include "document/cartonfilereader.h"
#include "licenseedit.h"
#include "platformlistedit.h"
#include "spdxlicenses.h"
#include "style/tone.h"
#include "tensorviewer/scrollingpane.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace studio {

namespace {

constexpr int previewDelayMs = 250;

// The optional text fields of carton.toml edited by a line edit.
struct TextField {
    const char *field;
    std::optional<QString> carton::CartonInfo::*member;
    const char *undoText;
};

const TextField textFields[] = {
    {"model_name", &carton::CartonInfo::modelName, QT_TRANSLATE_NOOP("studio::MetadataEditor", "Edit Model Name")},
    {"short_description", &carton::CartonInfo::shortDescription,
     QT_TRANSLATE_NOOP("studio::MetadataEditor", "Edit Short Description")},
    {"license", &carton::CartonInfo::license, QT_TRANSLATE_NOOP("studio::MetadataEditor", "Edit License")},
    {"repository", &carton::CartonInfo::repository, QT_TRANSLATE_NOOP("studio::MetadataEditor", "Edit Repository")},
    {"homepage", &carton::CartonInfo::homepage, QT_TRANSLATE_NOOP("studio::MetadataEditor", "Edit Homepage")},
};

const TextField *textField(const QString &field)
{
    for (const TextField &f : textFields)
        if (field == QLatin1StringView(f.field))
            return &f;
    return nullptr;
}

// Empty text leaves the field out of carton.toml.
std::optional<QString> optionalText(const QString &text)
{
    return text.isEmpty() ? std::nullopt : std::optional<QString>(text);
}

// "my image (1).PNG" -> "my_image__1_.PNG": names that markdown and the
// carton's path rules take as they are.
QString safeFileName(const QString &name)
{
    QString out;
    for (QChar c : name)
        out += (c.isLetterOrNumber() && c.unicode() < 128) || c == u'.' || c == u'-' || c == u'_' ? c : QChar(u'_');
    while (out.startsWith(u'.'))
        out.remove(0, 1);
    return out.isEmpty() ? QStringLiteral("image") : out;
}

} // namespace

MetadataEditor::MetadataEditor(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_name(new QLineEdit(this)), m_short(new QLineEdit(this)),
      m_count(new QLabel(this)), m_license(new LicenseEdit(this)), m_repository(new QLineEdit(this)),
      m_homepage(new QLineEdit(this)), m_platforms(new PlatformListEdit(this)), m_description(new QPlainTextEdit(this)),
      m_preview(new DescriptionBrowser(this)), m_insertImage(new QPushButton(tr("Insert Image…"), this)),
      m_previewTimer(new QTimer(this))
{
    m_name->setObjectName(QStringLiteral("modelName"));
    m_name->setPlaceholderText(tr("A name people recognise, e.g. “ResNet-50 image classifier”"));
    m_short->setObjectName(QStringLiteral("shortDescription"));
    m_short->setPlaceholderText(tr("One line: what the model does (at most %1 characters)").arg(shortDescriptionLimit));
    m_count->setObjectName(QStringLiteral("shortDescriptionCount"));
    m_count->setToolTip(
        tr("Characters used; upstream Carton refuses to pack more than %1.").arg(shortDescriptionLimit));
    m_license->setObjectName(QStringLiteral("license"));
    m_license->setPlaceholderText(tr("SPDX license, e.g. Apache-2.0 or MIT OR Apache-2.0"));
    m_repository->setObjectName(QStringLiteral("repository"));
    m_repository->setPlaceholderText(tr("https://github.com/owner/model"));
    m_homepage->setObjectName(QStringLiteral("homepage"));
    m_homepage->setPlaceholderText(tr("https://example.org/model"));
    m_description->setObjectName(QStringLiteral("modelDescription"));
    m_description->setPlaceholderText(
        tr("Describe the model in Markdown: what it does, its inputs and outputs, how it was trained. "
           "Images: ![caption](@misc/figure.png) — use Insert Image… to add one from disk."));
    m_description->setTabChangesFocus(true);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_description->setFont(mono);
    m_preview->setObjectName(QStringLiteral("descriptionPreview"));
    m_preview->setFocusPolicy(Qt::ClickFocus);
    m_insertImage->setObjectName(QStringLiteral("insertImage"));
    m_insertImage->setToolTip(tr("Add an image file to misc/ and show it in the description at the cursor"));
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(previewDelayMs);

    // Fields on top, the description (editor | preview) below taking the rest.
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("Model &name:"), m_name);
    auto *shortRow = new QHBoxLayout;
    shortRow->addWidget(m_short, 1);
    shortRow->addWidget(m_count);
    form->addRow(tr("&Short description:"), shortRow);
    form->addRow(tr("&License:"), m_license);
    form->addRow(tr("&Repository:"), m_repository);
    form->addRow(tr("&Homepage:"), m_homepage);
    form->addRow(tr("Required &platforms:"), m_platforms);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(shortRow)))
        label->setBuddy(m_short);

    auto *descriptionHeader = new QHBoxLayout;
    auto *descriptionLabel = new QLabel(tr("&Description (Markdown):"), this);
    descriptionLabel->setBuddy(m_description);
    descriptionHeader->addWidget(descriptionLabel);
    descriptionHeader->addStretch(1);
    descriptionHeader->addWidget(m_insertImage);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("descriptionSplitter"));
    splitter->addWidget(m_description);
    splitter->addWidget(m_preview);
    splitter->setChildrenCollapsible(false);

    // Six fields above the description are taller than a short window leaves
    // the editor: the page scrolls rather than make the window taller.
    auto *content = new QWidget;
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->addLayout(form);
    contentLayout->addLayout(descriptionHeader);
    contentLayout->addWidget(splitter, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scrollingPane(content, this));

    setTabOrder(m_name, m_short);
    setTabOrder(m_short, m_license);
    setTabOrder(m_license, m_repository);
    setTabOrder(m_repository, m_homepage);
    setTabOrder(m_homepage, m_platforms->list());
    setTabOrder(m_platforms->list(), m_platforms->entry());
    setTabOrder(m_platforms->entry(), m_platforms->addButton());
    setTabOrder(m_platforms->addButton(), m_platforms->removeButton());
    setTabOrder(m_platforms->removeButton(), m_insertImage);
    setTabOrder(m_insertImage, m_description);

    for (QLineEdit *edit : {m_name, m_short, static_cast<QLineEdit *>(m_license), m_repository, m_homepage})
        edit->setClearButtonEnabled(true);
    editText(m_name, QStringLiteral("model_name"));
    editText(m_short, QStringLiteral("short_description"));
    editText(m_license, QStringLiteral("license"));
    editText(m_repository, QStringLiteral("repository"));
    editText(m_homepage, QStringLiteral("homepage"));
    connect(m_short, &QLineEdit::textChanged, this, &MetadataEditor::updateCount);
    connect(m_license, &QLineEdit::textChanged, this, &MetadataEditor::markLicense);
    connect(m_platforms, &PlatformListEdit::edited, this, [this](const QStringList &platforms) {
        carton::CartonInfo info = m_document->info();
        info.requiredPlatforms = platforms.isEmpty() ? std::nullopt : std::optional<QStringList>(platforms);
        m_document->setInfo(info, tr("Edit Required Platforms"));
    });
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        schedulePreview();
        if (m_updating)
            return;
        carton::CartonInfo info = m_document->info();
        info.modelDescription = optionalText(m_description->toPlainText());
        m_document->setInfo(info, tr("Edit Description"), QStringLiteral("model_description"));
    });
    connect(m_previewTimer, &QTimer::timeout, this, &MetadataEditor::renderPreview);
    connect(m_insertImage, &QPushButton::clicked, this, &MetadataEditor::pickImage);
    connect(m_document, &CartonDocument::infoChanged, this, &MetadataEditor::refresh);
    connect(m_document, &CartonDocument::filesChanged, this, &MetadataEditor::refreshFiles);
    connect(m_document, &CartonDocument::diagnosticsChanged, this, &MetadataEditor::showDiagnostics);

    refreshFiles();
    refresh();
    showDiagnostics();
    renderPreview();
}

void MetadataEditor::editText(QLineEdit *edit, const QString &field)
{
    const TextField *f = textField(field);
    // textEdited: the user's typing only, never refresh()'s setText.
    connect(edit, &QLineEdit::textEdited, this, [this, f](const QString &text) {
        carton::CartonInfo info = m_document->info();
        info.*(f->member) = optionalText(text);
        m_document->setInfo(info, tr(f->undoText), QString::fromLatin1(f->field));
    });
}

void MetadataEditor::refresh()
{
    const carton::CartonInfo &info = m_document->info();
    m_updating = true;
    showFieldText(m_name, info.modelName.value_or(QString()));
    showFieldText(m_short, info.shortDescription.value_or(QString()));
    showFieldText(m_license, info.license.value_or(QString()));
    showFieldText(m_repository, info.repository.value_or(QString()));
    showFieldText(m_homepage, info.homepage.value_or(QString()));
    m_platforms->setPlatforms(info.requiredPlatforms.value_or(QStringList()));
    const QString description = info.modelDescription.value_or(QString());
    if (m_description->toPlainText() != description) {
        // An undo, redo or inserted image: keep the cursor and the scroll position.
        const int cursor = m_description->textCursor().position();
        const int scroll = m_description->verticalScrollBar()->value();
        m_description->setPlainText(description);
        QTextCursor c = m_description->textCursor();
        c.setPosition(std::min(cursor, int(description.size())));
        m_description->setTextCursor(c);
        m_description->verticalScrollBar()->setValue(scroll);
    }
    m_updating = false;
    updateCount();
}

void MetadataEditor::refreshFiles()
{
    // A copy of the files for the worker threads that read images.
    const CartonFileReader files(m_document->files(), m_document->original());
    m_preview->setFileReader([files](const QString &path, qint64 maxBytes) { return files.read(path, maxBytes); });
}

void MetadataEditor::updateCount()
{
    // Upstream counts Unicode scalar values, as validateInfo() does.
    const qsizetype chars = m_short->text().toUcs4().size();
    const bool over = chars > shortDescriptionLimit;
    m_count->setText(QStringLiteral("%1 / %2").arg(chars).arg(shortDescriptionLimit));
    if (m_count->property("overLimit").toBool() != over || m_count->styleSheet().isEmpty() == over) {
        m_count->setProperty("overLimit", over);
        setTextTone(m_count, over ? Tone::Bad : Tone::Neutral, over);
    }
}

void MetadataEditor::showDiagnostics()
{
    m_diagnostics = m_document->diagnostics();
    markField(m_name, diagnosticsFor(m_diagnostics, QStringLiteral("model_name")));
    markField(m_short, diagnosticsFor(m_diagnostics, QStringLiteral("short_description")));
    markField(m_repository, diagnosticsFor(m_diagnostics, QStringLiteral("repository")));
    markField(m_homepage, diagnosticsFor(m_diagnostics, QStringLiteral("homepage")));
    markField(m_description, diagnosticsFor(m_diagnostics, QStringLiteral("model_description")));
    m_platforms->setDiagnostics(m_diagnostics);
    markLicense();
}

void MetadataEditor::markLicense()
{
    // The document's diagnostics plus the SPDX check, which is the editor's
    // advice (carton.toml allows any license text).
    carton::Diagnostics problems = diagnosticsFor(m_diagnostics, QStringLiteral("license"));
    const QString text = m_license->text().trimmed();
    if (!text.isEmpty())
        for (const QString &message : SpdxLicenses::instance().check(text))
            problems.append({carton::Severity::Warning,
                             carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, QStringLiteral("license")},
                             message});
    markField(m_license, problems);
}

void MetadataEditor::schedulePreview()
{
    m_previewTimer->start();
}

void MetadataEditor::renderPreview()
{
    m_previewTimer->stop();
    const QString text = m_description->toPlainText();
    if (text.trimmed().isEmpty())
        m_preview->showSafeHtml(
            QStringLiteral("<p><i>%1</i></p>").arg(tr("The rendered description shows here.").toHtmlEscaped()));
    else
        m_preview->showMarkdown(text);
}

bool MetadataEditor::insertImage(const QString &diskPath, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const QFileInfo file(diskPath);
    if (!file.isFile() || !file.isReadable())
        return fail(tr("%1 is not a readable file").arg(diskPath));
    if (file.size() > DescriptionBrowser::maxMiscImageBytes)
        return fail(tr("%1 is larger than the %2 an image may have")
                        .arg(diskPath, humanSize(DescriptionBrowser::maxMiscImageBytes)));
    QImageReader reader(diskPath);
    reader.setDecideFormatFromContent(true);
    if (!reader.canRead())
        return fail(tr("%1 is not an image this application can show (%2)").arg(diskPath, reader.errorString()));

    // misc/NAME, NAME made unique unless that very file is there already.
    const QString safe = safeFileName(file.fileName());
    const QString stem = QFileInfo(safe).completeBaseName();
    const QString suffix = QFileInfo(safe).suffix();
    QString name = safe;
    for (int n = 2;; ++n) {
        const carton::CartonEdits::FileSource *there = m_document->files().find(QStringLiteral("misc/") + name);
        if (!there ||
            (there->kind == carton::CartonEdits::FileSource::Kind::Disk && QFileInfo(there->diskPath) == file))
            break;
        name = QStringLiteral("%1-%2%3").arg(stem).arg(n).arg(suffix.isEmpty() ? QString() : u'.' + suffix);
    }

    DocumentState next = m_document->state();
    if (carton::Status added = next.files.putFile(QStringLiteral("misc/") + name, file.absoluteFilePath()); !added)
        return fail(added.error().toString());
    const QString markdown = QStringLiteral("![%1](@misc/%2)").arg(QFileInfo(name).completeBaseName(), name);
    QString description = m_document->info().modelDescription.value_or(QString());
    const int at = std::clamp(m_description->textCursor().position(), 0, int(description.size()));
    description.insert(at, markdown);
    next.info.modelDescription = description;
    m_document->setState(next, tr("Insert Image %1").arg(name));
    QTextCursor cursor = m_description->textCursor();
    cursor.setPosition(at + int(markdown.size()));
    m_description->setTextCursor(cursor);
    return true;
}

void MetadataEditor::pickImage()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Insert Image"), QString(), tr("Images (*.png *.jpg *.jpeg *.gif *.webp *.svg *.bmp);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!insertImage(path, &error))
        QMessageBox::warning(this, tr("Insert Image"), error);
    m_description->setFocus(Qt::OtherFocusReason);
}

bool MetadataEditor::revealField(const QString &field)
{
    QWidget *target = nullptr;
    if (field == u"model_name")
        target = m_name;
    else if (field == u"short_description")
        target = m_short;
    else if (field == u"license")
        target = m_license;
    else if (field == u"repository")
        target = m_repository;
    else if (field == u"homepage")
        target = m_homepage;
    else if (field == u"model_description" || field.startsWith(u"model_description."))
        target = m_description;
    else if (field == u"required_platforms")
        return m_platforms->reveal(m_platforms->list()->count() > 0 ? 0 : -1);
    else if (field.startsWith(u"required_platforms[")) {
        bool ok = false;
        const int index = field.mid(19).section(u']', 0, 0).toInt(&ok);
        return ok && m_platforms->reveal(index);
    }
    if (!target)
        return false;
    target->setFocus(Qt::OtherFocusReason);
    return true;
}

} // namespace studio
