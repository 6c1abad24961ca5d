// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace studio {

class CartonDocument;
class DescriptionBrowser;
class LicenseEdit;
class PlatformListEdit;

// The Metadata tab of a CartonView (read-only until editing): model name, short description (live
// character count against upstream's 100-character limit), the markdown
// description with a rendered preview beside it (the card's renderer; @misc
// images read from the document's files) and Insert Image…, license (SPDX
// completion and checks), repository and homepage, required platforms.
//
// Every change is one undo step through the document; typing in one field merges
// into one step (the field path is the merge key). Fields follow infoChanged()
// without losing the cursor and show diagnosticsChanged() with markField().
class MetadataEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MetadataEditor)

public:
    explicit MetadataEditor(CartonDocument *document, QWidget *parent = nullptr);

    // Focuses the widget of a carton.toml field ("model_name", "license",
    // "required_platforms[3]"...); false when this page has no such field.
    Q_INVOKABLE bool revealField(const QString &field);

    // Adds the image file `diskPath` to the carton as misc/NAME and inserts
    // ![NAME](@misc/NAME) at the description's cursor, as one undo step. False
    // (and *error says why) when it is not a readable image or is too large.
    bool insertImage(const QString &diskPath, QString *error = nullptr);

    QLineEdit *modelNameEdit() const { return m_name; }
    QLineEdit *shortDescriptionEdit() const { return m_short; }
    QLabel *shortDescriptionCount() const { return m_count; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    DescriptionBrowser *preview() const { return m_preview; }
    LicenseEdit *licenseEdit() const { return m_license; }
    QLineEdit *repositoryEdit() const { return m_repository; }
    QLineEdit *homepageEdit() const { return m_homepage; }
    PlatformListEdit *platformsEdit() const { return m_platforms; }
    QPushButton *insertImageButton() const { return m_insertImage; }

    static constexpr int shortDescriptionLimit = 100;

private:
    void refresh();
    void refreshFiles();
    void showDiagnostics();
    void updateCount();
    void markLicense();
    void schedulePreview();
    void renderPreview();
    void pickImage();
    void editText(QLineEdit *edit, const QString &field);

    CartonDocument *m_document;
    QLineEdit *m_name;
    QLineEdit *m_short;
    QLabel *m_count;
    LicenseEdit *m_license;
    QLineEdit *m_repository;
    QLineEdit *m_homepage;
    PlatformListEdit *m_platforms;
    QPlainTextEdit *m_description;
    DescriptionBrowser *m_preview;
    QPushButton *m_insertImage;
    QTimer *m_previewTimer;
    carton::Diagnostics m_diagnostics;
    bool m_updating = false;
};

} // namespace studio
