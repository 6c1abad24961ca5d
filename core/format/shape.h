// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QList>
#include <QString>
#include <variant>

namespace carton {

// One dimension of a shape: a fixed size, a named symbol, or "*" (any).
class CARTONCORE_EXPORT Dim {
public:
    Dim() = default; // "*"
    static Dim any() { return Dim(); }
    static Dim value(qint64 size)
    {
        Dim d;
        d.m_v = size;
        return d;
    }
    static Dim symbol(QString name)
    {
        Dim d;
        d.m_v = std::move(name);
        return d;
    }

    bool isAny() const { return std::holds_alternative<std::monostate>(m_v); }
    bool isValue() const { return std::holds_alternative<qint64>(m_v); }
    bool isSymbol() const { return std::holds_alternative<QString>(m_v); }
    qint64 size() const { return isValue() ? std::get<qint64>(m_v) : -1; }
    QString symbolName() const { return isSymbol() ? std::get<QString>(m_v) : QString(); }

    // "3", "batch_size", "*"
    QString toString() const;
    bool operator==(const Dim &) const = default;

private:
    std::variant<std::monostate, qint64, QString> m_v;
};

// A Carton v1 shape (see specs/carton-v1.txt):
// - Any:    the string "*" (any number of dims of any size)
// - Symbol: any other string, naming the whole shape
// - Dims:   a list (empty = scalar) of Dim
class CARTONCORE_EXPORT Shape {
public:
    enum class Kind { Any, Symbol, Dims };

    Shape() = default; // Any
    static Shape any() { return Shape(); }
    static Shape symbol(QString name);
    static Shape dims(QList<Dim> dims);
    static Shape scalar() { return dims({}); }

    Kind kind() const { return m_kind; }
    bool isAny() const { return m_kind == Kind::Any; }
    bool isSymbol() const { return m_kind == Kind::Symbol; }
    bool isDims() const { return m_kind == Kind::Dims; }
    bool isScalar() const { return m_kind == Kind::Dims && m_dims.isEmpty(); }
    QString symbolName() const { return m_symbol; }
    const QList<Dim> &dimList() const { return m_dims; }

    // Display form: "*", "input_shape", "[]", "[batch_size, 3, 512, 512]".
    QString toString() const;
    // The text parse() reads back as this shape: toString(), with symbols that
    // would read as something else quoted ("\"3\"", "\"batch size\"").
    QString toInputText() const;
    // Reads what a user types for a shape (the editor's shape cell):
    //   "*"                          any shape
    //   "[]", "()"                   a scalar
    //   "[n, 3, *]", "(n, 3, *)",
    //   "n, 3, *", "3", "(3,)"       dims: sizes >= 0, symbols, "*" (brackets
    //                                optional, one trailing comma allowed)
    //   "input_shape"                a symbol for the whole shape
    // A symbol that starts with a digit, or holds spaces, commas,
    // brackets or a quote must be quoted ("\"3\"", ["\"my dim\"", 2]); "3x4" is
    // refused (with the list it probably means), not read as a symbol. A size is
    // an integer >= 0 (carton-v1: "a symbol or an integer"; the TOML reader
    // refuses negative sizes too). Errors say what was expected (no location:
    // the caller knows the field).
    static Result<Shape> parse(QStringView text);
    // True when a concrete shape (all sizes known) fits this one, ignoring
    // symbol consistency (see resolveSymbols for that).
    bool accepts(const QList<qint64> &concrete) const;

    bool operator==(const Shape &) const = default;

private:
    Kind m_kind = Kind::Any;
    QString m_symbol;
    QList<Dim> m_dims;
};

} // namespace carton
