// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArray>
#include <QByteArrayView>
#include <memory>

struct evp_md_ctx_st;

namespace carton {

// Incremental SHA-256 over OpenSSL's EVP interface (uses SHA-NI where present).
class CARTONCORE_EXPORT Sha256 final {
public:
    Sha256();
    ~Sha256();
    Sha256(Sha256 &&) noexcept;
    Sha256 &operator=(Sha256 &&) noexcept;

    void add(const char *data, qint64 size);
    void add(QByteArrayView data) { add(data.data(), data.size()); }
    // The 32-byte digest; the object is reset afterwards.
    QByteArray finish();
    // The lowercase hex digest; the object is reset afterwards.
    QByteArray finishHex() { return finish().toHex(); }

    static QByteArray hash(QByteArrayView data);
    static QByteArray hashHex(QByteArrayView data) { return hash(data).toHex(); }

private:
    struct Deleter {
        void operator()(evp_md_ctx_st *ctx) const;
    };
    std::unique_ptr<evp_md_ctx_st, Deleter> m_ctx;
};

// True for exactly 64 lowercase hex digits.
CARTONCORE_EXPORT bool isSha256Hex(QByteArrayView text);

} // namespace carton
