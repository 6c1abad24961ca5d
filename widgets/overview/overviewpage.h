// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QHash>
#include <QWidget>
#include <memory>

class QFormLayout;
class QIcon;
class QFrame;
class QLabel;
class QSettings;
class QToolButton;

namespace carton {
class Carton;
}

namespace studio {

class DescriptionBrowser;
class SignatureRow;

// What the Overview tab says of the opened file beside the metadata form (the
// form shows carton.toml's fields, once, read-only until editing): model hash
// (with a copy button), state, signature, files, size, path, registry and
// digest, spec version. Remote images in the rendered description (`description`,
// the form's; not owned) wait for the user's consent, asked in a bar on top of
// this column and remembered per model hash in the QSettings given.
class OverviewPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OverviewPage)

public:
    OverviewPage(std::shared_ptr<const carton::Carton> carton, QSettings *settings, DescriptionBrowser *description,
                 QWidget *parent = nullptr);

    DescriptionBrowser *descriptionBrowser() const { return m_browser; }
    // The carton's state as the window shows it ("All 5 files verified"...),
    // with its icon (the tab's).
    void setStateText(const QString &text, const QIcon &icon = {});
    QLabel *stateLabel() const { return m_state; }
    QLabel *stateIcon() const { return m_stateIcon; }
    QLabel *filesLabel() const { return m_files; }
    QLabel *sizeLabel() const { return m_size; }
    QLabel *pathLabel() const { return m_path; }
    // The detached signature's state (FILE.carton.sig), checked in the background.
    SignatureRow *signatureRow() const { return m_signature; }
    // Focuses the widget showing a carton.toml field ("model_name",
    // "runner.opts.x", "model_description"...); false when the field is not shown here.
    bool revealField(const QString &field);
    // QSettings key remembering the remote-images decision for a model hash.
    static QString remoteImagesKey(const QByteArray &modelHash);

signals:
    void statusMessage(const QString &text);

private:
    void build();
    QLabel *addRow(const QString &label, const QString &text, const QString &field);
    void allowRemoteImages();
    void updateRemoteBar();
    void copyHash();

    std::shared_ptr<const carton::Carton> m_carton;
    QSettings *m_settings = nullptr;
    QFormLayout *m_form = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_stateIcon = nullptr;
    QLabel *m_files = nullptr;
    QLabel *m_size = nullptr;
    QLabel *m_path = nullptr;
    SignatureRow *m_signature = nullptr;
    QFrame *m_remoteBar = nullptr;
    QLabel *m_remoteText = nullptr;
    DescriptionBrowser *m_browser = nullptr;
    QHash<QString, QWidget *> m_fieldWidgets;
};

} // namespace studio
