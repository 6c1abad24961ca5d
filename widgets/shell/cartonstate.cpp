// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonstate.h"

#include "package/verifier.h"

namespace studio {

void CartonState::countReport(const carton::VerifyReport &report, Input *input)
{
    input->filesChecked = 0;
    input->filesFailed = 0;
    for (const carton::FileCheck &check : report.files) {
        if (check.state == carton::FileState::Unverified)
            continue;
        ++input->filesChecked;
        if (check.state != carton::FileState::Ok && check.state != carton::FileState::Linked)
            ++input->filesFailed;
    }
}

CartonState CartonState::derive(const Input &input)
{
    CartonState s;
    for (const carton::Diagnostic &d : input.diagnostics)
        s.m_errors += d.severity == carton::Severity::Error ? 1 : 0;

    if (input.open == Open::Opening) {
        s.m_kind = Kind::Opening;
        s.m_summary = tr("Opening…");
        return s;
    }
    if (input.open == Open::Failed) {
        s.m_kind = Kind::OpenFailed;
        s.m_summary = tr("Could not be opened");
        return s;
    }
    // A file that does not match is the strongest finding: it is what
    // verification is for, and it may explain the errors validation found.
    if (input.verification == Verification::Finished && input.filesFailed > 0) {
        s.m_kind = Kind::VerificationFailed;
        s.m_summary = input.filesFailed == 1 ? tr("1 file failed verification")
                                             : tr("%1 files failed verification").arg(input.filesFailed);
        s.m_banner = input.filesFailed == 1
                         ? tr("1 file does not match MANIFEST; see the Diagnostics panel.")
                         : tr("%1 files do not match MANIFEST; see the Diagnostics panel.").arg(input.filesFailed);
        return s;
    }
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
    if (input.validating || input.verification == Verification::Running) {
        s.m_kind = Kind::Verifying;
        s.m_summary = tr("Verifying…");
        return s;
    }
    if (input.verification == Verification::Finished) {
        s.m_kind = Kind::Verified;
        s.m_summary =
            input.filesChecked == 1 ? tr("1 file verified") : tr("All %1 files verified").arg(input.filesChecked);
        return s;
    }
    s.m_kind = Kind::NotVerified;
    if (input.verification == Verification::Cancelled) {
        s.m_summary = tr("Not verified: cancelled");
        s.m_banner = tr("Verification was cancelled: the files have not all been checked against MANIFEST. "
                        "Press F5 to verify.");
    } else {
        s.m_summary = tr("Not verified");
    }
    return s;
}

CartonState::Tone CartonState::tone() const
{
    switch (m_kind) {
    case Kind::Opening:
    case Kind::Verifying:
        return Tone::Neutral;
    case Kind::Verified:
        return Tone::Good;
    case Kind::NotVerified:
        return Tone::Warning;
    case Kind::OpenFailed:
    case Kind::Invalid:
    case Kind::VerificationFailed:
        return Tone::Bad;
    }
    return Tone::Neutral;
}

QString CartonState::iconName() const
{
    switch (m_kind) {
    case Kind::Opening:
    case Kind::Verifying:
        return QStringLiteral("state-pending");
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
    }
    return {};
}

} // namespace studio
