// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <QUrl>
#include <functional>

class QWidget;

namespace studio {

// The questions asked before anything big is fetched from a server: a whole
// download of a carton whose server has no range support, a verification of a
// remote carton (every file downloaded once), the files of LINKS. ask() shows a
// message box (with a "Remember for this host" box for LINKS); tests install a
// handler instead, so nothing blocks.
class RemoteConsent final {
public:
    enum class Question {
        Download,   // the server has no range support: download the whole file to a temporary file?
        Verify,     // verifying a remote carton downloads `bytes` from `url`'s host
        FetchLinks, // `files` linked files (`bytes`) from `hosts`
    };
    struct Request {
        Question question = Question::Verify;
        QUrl url;
        qint64 bytes = -1; // -1: unknown
        int files = 0;
        QString hosts;
    };
    struct Answer {
        bool accepted = false;
        bool remember = false; // FetchLinks: the user ticked "Remember for this host"
    };
    using Handler = std::function<Answer(const Request &request)>;

    // On the GUI thread.
    static Answer ask(QWidget *parent, const Request &request);
    // Replaces the message boxes (tests); an empty handler restores them.
    static void setHandler(Handler handler);
    // The question's text ("Verifying downloads 12.0 MiB from example.org…").
    static QString text(const Request &request);
};

} // namespace studio
