// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "statetone.h"

namespace studio {

Tone stateTone(const CartonState &state)
{
    using Kind = CartonState::Kind;
    switch (state.kind()) {
    case Kind::Opening:
    case Kind::Verifying:
    case Kind::Source:
        return Tone::Neutral;
    case Kind::Verified:
        return Tone::Good;
    case Kind::NotVerified:
    case Kind::SignatureUntrusted:
        return Tone::Warning;
    case Kind::OpenFailed:
    case Kind::Invalid:
    case Kind::UnsafeEntries:
    case Kind::VerificationFailed:
    case Kind::SignatureInvalid:
    case Kind::Unsafe:
        return Tone::Bad;
    }
    return Tone::Neutral;
}

} // namespace studio
