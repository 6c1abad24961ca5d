// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <variant>

namespace carton {

// What went wrong, for code that reacts to it (the message is for people).
enum class ErrorCode {
    Io,          // a file could not be opened, read or written
    Format,      // the bytes are not what the format requires
    Limit,       // a size, count or ratio cap was hit (hostile or huge input)
    Integrity,   // a checksum or hash does not match
    Unsupported, // valid, but a feature we do not implement (e.g. encrypted zip)
    NotFound,    // a named file, entry or tensor does not exist
    Unsafe,      // a path escapes its folder, an absolute path, a link loop...
    Cancelled,   // the user cancelled
    Network,     // an http(s) fetch failed
    Usage,       // the caller asked for something that makes no sense
};

// An error as a value. `location` names the file and, where known, the field or
// line:column ("carton.toml:12:5", "test.carton: entry model/model.pt").
struct Error {
    ErrorCode code = ErrorCode::Format;
    QString message;
    QString location;

    // "LOCATION: MESSAGE", or MESSAGE alone when there is no location.
    QString toString() const { return location.isEmpty() ? message : location + QStringLiteral(": ") + message; }
};

inline Error makeError(ErrorCode code, QString message, QString location = {})
{
    return Error{code, std::move(message), std::move(location)};
}

// Result<T>: either a T or an Error. Exceptions never cross module boundaries.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_data(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_data(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_data); }
    const T &value() const & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

using Status = Result<void>;

} // namespace carton
