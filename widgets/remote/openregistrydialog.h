// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace studio {

class LatestJob;

// File ▸ Open from Registry…: a registry reference (host[:port]/repository), the
// repository's tags as the registry lists them (/v2/<name>/tags/list, fetched off
// the GUI thread through core/oci), and the chosen tag opened as oci://REF:TAG.
class OpenRegistryDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OpenRegistryDialog)
public:
    explicit OpenRegistryDialog(QWidget *parent = nullptr);
    ~OpenRegistryDialog() override;

    void setReference(const QString &reference);
    // Asks the registry for the tags of the reference's repository.
    void listTags();
    // "oci://host/repository:tag" of the chosen tag; empty without one.
    QString selectedUrl() const;
    bool isListing() const;

signals:
    // A listing ended: `error` is empty when the tags are shown.
    void tagsListed(const QString &error);

private:
    void updateState();

    LatestJob *m_jobs;
    QLineEdit *m_reference;
    QListWidget *m_tags;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QString m_repository; // "host/repository" of the listed tags
};

} // namespace studio
