// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "document/cartonstate.h"

namespace studio {

class CartonSession;
class CartonView;
class VerificationRunner;

// The input of the one state derivation (CartonState::derive), gathered in one
// place from where it lives: the session (opening, validation, the file's
// diagnostics, quarantined entries, verification) and, once the carton is
// shown, its view (the signature's verdict and the safety scan's findings).
class CartonStateInputs final {
public:
    // `view` may be null (opening, failed, a new document).
    static CartonState::Input gather(const CartonSession &session, CartonView *view);
    // Opening, validating, verifying, checking the signature or scanning: what
    // the state still waits for.
    static bool isBusy(const CartonSession &session, const CartonView *view);

private:
    // The signature's verdict (judged with the files verified so far) and the
    // safety findings of the view.
    static void addTrust(const VerificationRunner &verification, CartonView &view, CartonState::Input *input);
};

} // namespace studio
