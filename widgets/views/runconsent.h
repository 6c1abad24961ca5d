// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftestrunner.h"

#include <QObject>
#include <QPointer>
#include <memory>

class QSettings;
class QWidget;

namespace studio {

class SafetyPage;
class SignatureRow;

// Asks before a carton's code runs for the first time in a session
// (RunConsentDialog), with what the Safety tab and the Signature row know.
// Remembers a yes for the rest of the session, and for good when the user ticks
// "Don't ask again" (by model hash, in settings: "consent/modelHashes"). A run on a
// KServe server runs nothing of the carton here and is not asked about.
class RunConsent final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunConsent)

public:
    RunConsent(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety, SignatureRow *signature,
               QSettings *settings, QWidget *dialogParent);

    // True when the run may go ahead; may switch the request to no sandbox when
    // the user opted out in the dialog.
    // `inspecting`: for the Model tab's inspection (the dialog says so).
    bool ask(SelfTestRunner::Request &request, bool inspecting = false);
    // Asks about another carton from now on: a new copy of the same document as
    // edited (Run Self-tests on an unsaved state). A yes of this session stands.
    void setCarton(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety);

    static QStringList rememberedModels(const QSettings &settings);

private:
    std::shared_ptr<const carton::Carton> m_carton;
    QPointer<SafetyPage> m_safety;
    QPointer<SignatureRow> m_signature;
    QSettings *m_settings = nullptr;
    QPointer<QWidget> m_parent;
    bool m_granted = false;   // asked and said yes in this session
    bool m_noSandbox = false; // ... and chose to run without the sandbox
};

} // namespace studio
