// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonstateinputs.h"

#include "carton/cartonview.h"
#include "document/cartonsession.h"
#include "document/verificationrunner.h"
#include "package/carton.h"
#include "sign/eckey.h"
#include "trust/safetypage.h"
#include "trust/signaturerow.h"

#include <QSignalBlocker>

namespace studio {

CartonState::Input CartonStateInputs::gather(const CartonSession &session, CartonView *view)
{
    CartonState::Input input;
    input.open = session.state();
    input.validating = session.isValidating();
    input.diagnostics = session.fileDiagnostics();
    if (const std::shared_ptr<const carton::Carton> opened = session.carton()) {
        const QList<carton::QuarantinedFile> &left = opened->source().quarantined();
        input.unsafeEntries = int(left.size());
        if (!left.isEmpty())
            input.firstUnsafeEntry = left.constFirst().path;
    }
    const VerificationRunner &verification = *session.verification();
    input.verification = verification.state();
    CartonState::countReport(verification.report(), &input);
    if (view && view->safetyPage()) // a document never saved has no file to trust
        addTrust(verification, *view, &input);
    return input;
}

bool CartonStateInputs::isBusy(const CartonSession &session, const CartonView *view)
{
    if (session.state() == CartonSession::State::Opening || session.isValidating() ||
        session.verification()->isRunning())
        return true;
    return view && view->safetyPage() &&
           (view->safetyPage()->isScanning() || view->signatureRow()->status().kind == SignatureStatus::Kind::Checking);
}

void CartonStateInputs::addTrust(const VerificationRunner &verification, CartonView &view, CartonState::Input *input)
{
    // The Signature row judges the signature with the files verified so far
    // (carton::signing::signatureVerdict): hand it the verification first. Its
    // change signal would call back into the page; the state is derived next.
    using Files = carton::FilesVerification;
    const VerificationRunner::State hashing = verification.state();
    {
        const QSignalBlocker block(&view);
        view.setFileVerification(hashing == VerificationRunner::State::Idle      ? Files::NotRun
                                 : hashing == VerificationRunner::State::Running ? Files::Running
                                                                                 : Files::Finished,
                                 verification.report());
    }
    using Kind = SignatureStatus::Kind;
    const SignatureStatus &signature = view.signatureRow()->status();
    switch (signature.kind) {
    case Kind::None:
    case Kind::NotVerified: // verification cancelled or LINKS not fetched: the State row says so
        input->signature = CartonState::Signature::None;
        break;
    case Kind::NoKey: // a signer no key here fits: unknown
        input->signature = CartonState::Signature::Untrusted;
        break;
    case Kind::Checking:
    case Kind::Verifying:
        input->signature = CartonState::Signature::Pending;
        break;
    case Kind::Valid:
        input->signature = signature.trusted ? CartonState::Signature::Valid : CartonState::Signature::Untrusted;
        if (!signature.trusted)
            input->signerFingerprint = carton::EcKey::fingerprintText(signature.fingerprint);
        break;
    case Kind::Unreadable:
    case Kind::Invalid:
        input->signature = CartonState::Signature::Invalid;
        break;
    }
    const SafetyPage *safety = view.safetyPage();
    if (safety->isScanning()) {
        input->scan = CartonState::Scan::Running;
    } else if (const std::optional<carton::ScanReport> &report = safety->report()) {
        input->scan = CartonState::Scan::Finished;
        input->criticalFindings = report->count(carton::ScanSeverity::Critical);
        input->highFindings = report->count(carton::ScanSeverity::High);
    }
}

} // namespace studio
