// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonstate.h"

#include "package/verifier.h"

namespace studio {

void CartonState::countReport(const carton::VerifyReport &report, Input *input)
{
    input->filesChecked = 0;
    input->filesFailed = 0;
    input->noManifest = report.noManifest;
    input->firstFailure.clear();
    for (const carton::FileCheck &check : report.files) {
        if (check.state == carton::FileState::Unverified || check.state == carton::FileState::NoManifest)
            continue;
        ++input->filesChecked;
        if (check.state != carton::FileState::Ok && check.state != carton::FileState::Linked) {
            if (input->filesFailed++ == 0)
                input->firstFailure = check.path + QStringLiteral(": ") +
                                      (check.message.isEmpty() ? carton::fileStateName(check.state) : check.message);
        }
    }
}

CartonState CartonState::derive(const Input &input)
{
    CartonState s;
    for (const carton::Diagnostic &d : input.diagnostics)
        s.m_errors += d.severity == carton::Severity::Error ? 1 : 0;

    if (input.open == CartonSession::State::Opening) {
        s.m_kind = Kind::Opening;
        s.m_summary = tr("Opening…");
        return s;
    }
    if (input.open == CartonSession::State::Failed) {
        s.m_kind = Kind::OpenFailed;
        s.m_summary = tr("Could not be opened");
        return s;
    }
    // Problems of trust, each named in the summary even when a stronger one
    // gives the kind: a tampered signed carton fails verification AND its
    // signature; a carton may fail both and hold a malicious pickle.
    const bool filesFailed = input.verification == VerificationRunner::State::Finished && input.filesFailed > 0;
    const bool signatureInvalid = input.signature == Signature::Invalid;
    const bool unsafe = input.scan == Scan::Finished && input.criticalFindings + input.highFindings > 0;
    const QString signatureText = tr("Signature invalid");
    const QString unsafeText =
        tr("Safety findings: %1 critical, %2 high").arg(input.criticalFindings).arg(input.highFindings);
    // A state with a problem of trust, the others named after it.
    const auto distrusted = [&](Kind kind, const QString &summary, const QString &banner) {
        s.m_kind = kind;
        s.m_summary = summary;
        s.m_banner = banner;
        if (signatureInvalid && kind != Kind::SignatureInvalid)
            s.m_summary += QStringLiteral(" · ") + signatureText;
        if (unsafe && kind != Kind::Unsafe)
            s.m_summary += QStringLiteral(" · ") + unsafeText;
        return s;
    };
    // An entry that would be written outside the carton is what the carton is
    // about: named first, whatever else fails because it was left out.
    if (input.unsafeEntries > 0)
        return distrusted(
            Kind::UnsafeEntries,
            input.unsafeEntries == 1
                ? tr("Unsafe entry left out: %1").arg(input.firstUnsafeEntry)
                : tr("%1 unsafe entries left out, the first: %2").arg(input.unsafeEntries).arg(input.firstUnsafeEntry),
            tr("This archive has entries that would be written outside its folder (%1). They were left out, and "
               "the carton is open read-only: it cannot be extracted or saved.")
                .arg(input.firstUnsafeEntry));
    // A file that does not match is the strongest finding: it is what
    // verification is for, and it may explain the errors validation found.
    if (filesFailed)
        return distrusted(
            Kind::VerificationFailed,
            input.filesFailed == 1 ? tr("1 file failed verification")
                                   : tr("%1 files failed verification").arg(input.filesFailed),
            // The banner names what went wrong (a mismatch, a missing file, a limit that stopped a zip bomb).
            input.filesFailed == 1 ? tr("1 file failed verification: %1").arg(input.firstFailure)
                                   : tr("%1 files failed verification; the first: %2. See the Diagnostics panel.")
                                         .arg(input.filesFailed)
                                         .arg(input.firstFailure));
    if (signatureInvalid)
        return distrusted(Kind::SignatureInvalid, signatureText,
                          tr("The signature next to this carton does not sign what is in it; see the Signature row "
                             "of the Overview."));
    if (unsafe)
        return distrusted(Kind::Unsafe, unsafeText,
                          tr("The safety scan found %1 critical and %2 high findings in what this carton would load "
                             "or run; see the Safety tab before running it.")
                              .arg(input.criticalFindings)
                              .arg(input.highFindings));
    if (s.m_errors > 0) {
        s.m_kind = Kind::Invalid;
        s.m_summary =
            s.m_errors == 1 ? tr("Not a valid carton: 1 error") : tr("Not a valid carton: %1 errors").arg(s.m_errors);
        s.m_banner =
            s.m_errors == 1
                ? tr("This carton has a problem that makes it invalid; see the Diagnostics panel.")
                : tr("This carton has %1 problems that make it invalid; see the Diagnostics panel.").arg(s.m_errors);
        return s;
    }
    // Work still running; nothing is green before the signature and the scan have answered.
    QString pending;
    if (input.validating || input.verification == VerificationRunner::State::Running)
        pending = tr("Verifying…");
    else if (input.signature == Signature::Pending && input.verification == VerificationRunner::State::Finished)
        pending = tr("Checking the signature…");
    else if (input.scan == Scan::Running)
        pending = tr("Scanning for safety…");
    if (!pending.isEmpty()) {
        s.m_kind = Kind::Verifying;
        s.m_summary = pending;
        return s;
    }
    if (input.signature == Signature::Untrusted) {
        s.m_kind = Kind::SignatureUntrusted;
        s.m_summary = input.signerFingerprint.isEmpty()
                          ? tr("Signed by an unknown key")
                          : tr("Signed by an unknown key %1").arg(input.signerFingerprint);
        s.m_banner = tr("This carton is signed by a key that is not one of your trusted keys: the signature says "
                        "nothing about who made it. See the Signature row of the Overview to compare the fingerprint "
                        "and trust the key.");
        return s;
    }
    if (input.verification == VerificationRunner::State::Finished && input.noManifest) {
        s.m_kind = Kind::Source;
        s.m_summary = tr("Carton source: no MANIFEST yet");
        s.m_banner = tr("This folder is a carton's source: it has no MANIFEST to verify its files against. Packing it "
                        "(File ▸ Save As…, or carton pack) writes MANIFEST with every file's SHA-256.");
        return s;
    }
    if (input.verification == VerificationRunner::State::Finished) {
        s.m_kind = Kind::Verified;
        s.m_summary =
            input.filesChecked == 1 ? tr("1 file verified") : tr("All %1 files verified").arg(input.filesChecked);
        return s;
    }
    s.m_kind = Kind::NotVerified;
    if (input.verification == VerificationRunner::State::Cancelled) {
        s.m_summary = tr("Not verified: cancelled");
        s.m_banner = tr("Verification was cancelled: the files have not all been checked against MANIFEST. "
                        "Press F5 to verify.");
    } else {
        s.m_summary = tr("Not verified");
    }
    return s;
}

QString CartonState::iconName() const
{
    switch (m_kind) {
    case Kind::Opening:
    case Kind::Verifying:
        return QStringLiteral("state-pending");
    case Kind::Source:
        return QStringLiteral("folder");
    case Kind::OpenFailed:
        return QStringLiteral("state-failed");
    case Kind::Invalid:
        return QStringLiteral("severity-error");
    case Kind::Verified:
        return QStringLiteral("state-ok");
    case Kind::VerificationFailed:
        return QStringLiteral("state-mismatch");
    case Kind::NotVerified:
        return QStringLiteral("severity-warning");
    case Kind::SignatureInvalid:
        return QStringLiteral("signature-invalid");
    case Kind::SignatureUntrusted:
        return QStringLiteral("signature-untrusted");
    case Kind::Unsafe:
    case Kind::UnsafeEntries:
        return QStringLiteral("state-unsafe");
    }
    return {};
}

} // namespace studio
