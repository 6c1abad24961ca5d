// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "cartonsession.h"
#include "verificationrunner.h"

#include <QCoreApplication>
#include <QString>

namespace carton {
struct VerifyReport;
}

namespace studio {

// The one state of an opened carton, derived in one place (derive) from what
// its page knows: the open result, the load and validation diagnostics, the
// verification outcome, the signature's verdict and the safety scan's high and
// critical findings. The banner, the tab icon and tooltip, the status bar and
// the Overview all show this and nothing else: a carton whose files, signature
// or pickles are in doubt never looks green.
// Free of widgets: it depends on the session, not on how it is shown (the
// shell gives it a colour, stateTone()). Opening and verification are the
// session's and the runner's own states, not copies of them.
class CartonState {
    Q_DECLARE_TR_FUNCTIONS(CartonState)
public:
    enum class Kind {
        Opening,            // the open job runs
        OpenFailed,         // the carton could not be opened at all
        Invalid,            // opened, but load or validation found errors
        Verifying,          // valid so far; hashing runs
        Verified,           // valid, every file matches MANIFEST
        VerificationFailed, // some file's sha256 differs, is missing or unreadable
        NotVerified,        // valid, but verification did not run to the end (cancelled)
        SignatureInvalid,   // FILE.carton.sig does not sign this carton (wrong key, other files, unreadable)
        SignatureUntrusted, // signed, but by a key that is not one of the user's trusted keys (or no key fits)
        Unsafe,             // the safety scan found high or critical findings
        Source,             // valid, an unpacked carton source without MANIFEST: nothing to verify yet
        UnsafeEntries,      // entries that would land outside the carton ("..", absolute) were left out
    };
    // What the page knows.
    // The Signature row's verdict, reduced: Pending while the signature or the
    // files under it are checked; None also when the files were not all verified
    // (the verification's own state says that). Valid only for a trusted signer;
    // Untrusted: valid but by a key the user does not trust, or no key here fits.
    enum class Signature { None, Pending, Valid, Untrusted, Invalid };
    enum class Scan { NotStarted, Running, Finished };
    struct Input {
        CartonSession::State open = CartonSession::State::Opening;
        bool validating = false;
        carton::Diagnostics diagnostics; // load + validation (verification not included)
        VerificationRunner::State verification = VerificationRunner::State::Idle;
        int filesChecked = 0;     // in the report (finished or cancelled)
        int filesFailed = 0;      // of those, neither Ok nor Linked
        bool noManifest = false;  // the report's: a carton source without MANIFEST
        QString firstFailure;     // "path: what went wrong" of the first failed file
        int unsafeEntries = 0;    // entries left out as unsafe (the carton is open read-only)
        QString firstUnsafeEntry; // its name as the archive gives it
        Signature signature = Signature::None;
        QString signerFingerprint; // Untrusted: the key's fingerprint (EcKey::fingerprintText); empty: no key fits
        Scan scan = Scan::NotStarted;
        int criticalFindings = 0; // of the finished scan
        int highFindings = 0;
    };

    static CartonState derive(const Input &input);
    // Counts files of a report for Input (Unverified files, left by a cancel, are not counted).
    static void countReport(const carton::VerifyReport &report, Input *input);

    Kind kind() const { return m_kind; }
    // Short, for the status bar, the tab tooltip and the Overview:
    // "All 5 files verified", "Not a valid carton: 2 errors"... Problems besides
    // the one the kind names follow it: "1 file failed verification · signature
    // invalid · 2 critical safety findings".
    QString summary() const { return m_summary; }
    // A sentence for the banner above the carton; empty when no banner is shown.
    QString bannerText() const { return m_banner; }
    // Name of the icon (resources/icons, without .svg) for the tab and the status bar.
    QString iconName() const;
    int errorCount() const { return m_errors; }

    bool operator==(const CartonState &) const = default;

private:
    Kind m_kind = Kind::Opening;
    int m_errors = 0;
    QString m_summary;
    QString m_banner;
};

} // namespace studio
