// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sha256.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

namespace carton {

namespace {
// OpenSSL's one-time initialisation (reading its configuration) leaves error
// state with the thread that runs it, and at exit frees only the exiting
// thread's. Run it while this library loads, on the main thread, rather than in
// whichever pool thread hashes first: that thread's state outlived OpenSSL's
// cleanup and LeakSanitizer reported it (tst_readonlyopen).
const bool kOpenSslInitialised = OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, nullptr) == 1;
} // namespace

void Sha256::Deleter::operator()(evp_md_ctx_st *ctx) const
{
    EVP_MD_CTX_free(ctx);
}

Sha256::Sha256() : m_ctx(EVP_MD_CTX_new())
{
    EVP_DigestInit_ex(m_ctx.get(), EVP_sha256(), nullptr);
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256 &&) noexcept = default;
Sha256 &Sha256::operator=(Sha256 &&) noexcept = default;

void Sha256::add(const char *data, qint64 size)
{
    if (size > 0)
        EVP_DigestUpdate(m_ctx.get(), data, size_t(size));
}

QByteArray Sha256::finish()
{
    QByteArray digest(32, Qt::Uninitialized);
    unsigned int len = 0;
    EVP_DigestFinal_ex(m_ctx.get(), reinterpret_cast<unsigned char *>(digest.data()), &len);
    EVP_DigestInit_ex(m_ctx.get(), EVP_sha256(), nullptr);
    return digest;
}

QByteArray Sha256::hash(QByteArrayView data)
{
    Sha256 h;
    h.add(data);
    return h.finish();
}

bool isSha256Hex(QByteArrayView text)
{
    if (text.size() != 64)
        return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

} // namespace carton
