// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "trustedkeysedit.h"

#include "sign/eckey.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

QString TrustedKeysEdit::keyText(const QString &file, const carton::EcKey &key)
{
    // The fingerprint as the Signature row and `carton verify` show it.
    return tr("%1 — %2 key %3").arg(QFileInfo(file).fileName(), key.curveName(), key.fingerprintText());
}

TrustedKeysEdit::TrustedKeysEdit(const QStringList &files, QWidget *parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_add(new QPushButton(tr("Add Key…"), this)),
      m_remove(new QPushButton(tr("Remove"), this)), m_error(new QLabel(this))
{
    m_list->setObjectName(QStringLiteral("trustedKeysList"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setWordWrap(true); // the fingerprint wraps between its groups of 4 digits
    m_list->setMaximumHeight(fontMetrics().height() * 6);
    m_add->setObjectName(QStringLiteral("addTrustedKeyButton"));
    m_remove->setObjectName(QStringLiteral("removeTrustedKeyButton"));
    m_error->setObjectName(QStringLiteral("trustedKeyError"));
    m_error->setWordWrap(true);
    m_error->hide();
    connect(m_add, &QPushButton::clicked, this, &TrustedKeysEdit::chooseFile);
    connect(m_remove, &QPushButton::clicked, this, &TrustedKeysEdit::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    m_remove->setEnabled(false);

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_list, 1);
    row->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_error);

    for (const QString &file : files) {
        // Keep a listed key even when it cannot be read now (a removable disk):
        // the signature check skips it and says no key fits.
        auto key = carton::EcKey::readPublic(file);
        auto *item = new QListWidgetItem(
            key ? keyText(file, *key) : tr("%1 — cannot be read").arg(QFileInfo(file).fileName()), m_list);
        item->setData(Qt::UserRole, file);
        item->setToolTip(QDir::toNativeSeparators(file));
    }
}

QStringList TrustedKeysEdit::files() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out.append(m_list->item(i)->data(Qt::UserRole).toString());
    return out;
}

bool TrustedKeysEdit::addKeyFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    // A private key is its owner's secret: never kept among trusted keys (a
    // settings file is no place for it, and trusting it says nothing more).
    if (carton::EcKey::readPrivate(absolute)) {
        m_error->setText(tr("Not added: %1 is a PRIVATE key. Keep it secret; trust its public half instead (for "
                            "example: openssl pkey -in %1 -pubout -out key.pub.pem).")
                             .arg(QFileInfo(absolute).fileName()));
        m_error->show();
        return false;
    }
    auto key = carton::EcKey::readPublic(absolute);
    if (!key) {
        m_error->setText(tr("Not added: %1").arg(key.error().toString()));
        m_error->show();
        return false;
    }
    m_error->hide();
    if (files().contains(absolute))
        return true;
    auto *item = new QListWidgetItem(keyText(absolute, *key), m_list);
    item->setData(Qt::UserRole, absolute);
    item->setToolTip(QDir::toNativeSeparators(absolute));
    return true;
}

void TrustedKeysEdit::chooseFile()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Trust Public Keys"), QString(),
                                                            tr("PEM public keys (*.pem *.pub);;All files (*)"));
    for (const QString &path : paths)
        addKeyFile(path);
}

void TrustedKeysEdit::removeSelected()
{
    qDeleteAll(m_list->selectedItems());
}

} // namespace studio
