// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "openurldialog.h"

#include "remote/remoteurl.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString recentKey = QStringLiteral("remote/recentUrls");
}

OpenUrlDialog::OpenUrlDialog(QSettings *settings, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_field(new QComboBox(this)), m_hint(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open URL"));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(
        tr("&URL of a .carton on an http(s) server, or oci://host/repository:tag of one in a registry:"), this);
    label->setBuddy(m_field);
    m_field->setObjectName(QStringLiteral("urlField"));
    m_field->setEditable(true);
    m_field->setInsertPolicy(QComboBox::NoInsert);
    m_field->setMinimumContentsLength(48);
    if (m_settings)
        m_field->addItems(recentUrls(*m_settings));
    m_field->setCurrentText(QString());
    m_field->lineEdit()->setPlaceholderText(QStringLiteral("https://example.org/model.carton"));
    m_hint->setObjectName(QStringLiteral("urlHint"));
    m_hint->setWordWrap(true);
    layout->addWidget(label);
    layout->addWidget(m_field);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        rememberUrl(m_settings, url());
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_field, &QComboBox::currentTextChanged, this, &OpenUrlDialog::updateState);
    updateState();
}

QString OpenUrlDialog::url() const
{
    return m_field->currentText().trimmed();
}

void OpenUrlDialog::setUrl(const QString &url)
{
    m_field->setCurrentText(url);
}

void OpenUrlDialog::updateState()
{
    const QString text = url();
    const bool ok = carton::isRemoteUrl(text);
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(ok);
    m_hint->setText(
        text.isEmpty() || ok
            ? QString()
            : tr("Only http:// and https:// URLs with a host and oci:// registry references can be opened."));
}

QStringList OpenUrlDialog::recentUrls(const QSettings &settings)
{
    QStringList urls;
    for (const QString &url : settings.value(recentKey).toStringList())
        if (carton::isRemoteUrl(url) && !urls.contains(url) && urls.size() < MaxRecent)
            urls.append(url);
    return urls;
}

void OpenUrlDialog::rememberUrl(QSettings *settings, const QString &url)
{
    if (!settings || !carton::isRemoteUrl(url))
        return;
    QStringList urls = recentUrls(*settings);
    urls.removeAll(url);
    urls.prepend(url);
    while (urls.size() > MaxRecent)
        urls.removeLast();
    settings->setValue(recentKey, urls);
}

} // namespace studio
