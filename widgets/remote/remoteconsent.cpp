// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remoteconsent.h"

#include "base/humansize.h"
#include "remote/remoteurl.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QMessageBox>

namespace studio {

namespace {
RemoteConsent::Handler &handler()
{
    static RemoteConsent::Handler h;
    return h;
}

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("studio::RemoteConsent", text, disambiguation, n);
}

QString sizeText(qint64 bytes)
{
    return bytes >= 0 ? carton::humanSize(bytes) : tr("an unknown amount");
}
} // namespace

void RemoteConsent::setHandler(Handler h)
{
    handler() = std::move(h);
}

QString RemoteConsent::text(const Request &request)
{
    switch (request.question) {
    case Question::Download:
        return tr("%1 does not support range requests, so the carton cannot be read piece by piece. Download the "
                  "whole file (%2) to a temporary file to open it?")
            .arg(request.url.toDisplayString(), sizeText(request.bytes));
    case Question::Verify:
        return tr("Verifying downloads %1 from %2 (every file once, hashed as it arrives, nothing kept). Verify %3?")
            .arg(sizeText(request.bytes), request.url.host(), carton::remoteFileName(request.url));
    case Question::FetchLinks:
        return tr("%n file(s) of this carton are only listed in LINKS. Fetch them (%1) from %2 to verify them?",
                  nullptr, request.files)
            .arg(sizeText(request.bytes), request.hosts);
    }
    return {};
}

RemoteConsent::Answer RemoteConsent::ask(QWidget *parent, const Request &request)
{
    if (handler())
        return handler()(request);
    QMessageBox box(QMessageBox::Question,
                    request.question == Question::Download ? tr("Download Carton")
                    : request.question == Question::Verify ? tr("Verify Remote Carton")
                                                           : tr("Fetch Linked Files"),
                    text(request), QMessageBox::Yes | QMessageBox::No, parent);
    box.setDefaultButton(QMessageBox::No);
    QCheckBox *remember = nullptr;
    if (request.question == Question::FetchLinks) {
        remember = new QCheckBox(tr("Remember for this host"), &box);
        box.setCheckBox(remember);
    }
    Answer answer;
    answer.accepted = box.exec() == QMessageBox::Yes;
    answer.remember = answer.accepted && remember && remember->isChecked();
    return answer;
}

} // namespace studio
