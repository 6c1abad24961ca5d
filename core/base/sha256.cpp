// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sha256.h"

#include <array>
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

// SHA-256 fetched from the provider once, here at load time on the main thread
// too: EVP_sha256() is fetched again by every EVP_DigestInit_ex (a provider lookup
// under locks), which cost more than hashing the file for a carton of 100,000
// small files. Kept (reachable) for the whole process.
EVP_MD *const kSha256Md = EVP_MD_fetch(nullptr, "SHA256", nullptr);

const EVP_MD *sha256Md()
{
    return kSha256Md ? kSha256Md : EVP_sha256(); // null only before this file's static initialisation
}
} // namespace

void Sha256::Deleter::operator()(evp_md_ctx_st *ctx) const
{
    EVP_MD_CTX_free(ctx);
}

Sha256::Sha256() : m_ctx(EVP_MD_CTX_new())
{
    EVP_DigestInit_ex(m_ctx.get(), sha256Md(), nullptr);
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
    EVP_DigestInit_ex(m_ctx.get(), sha256Md(), nullptr);
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
    // One table look-up per byte and no branch until the end (MANIFEST of 100,000 lines).
    static constexpr auto kLowerHex = [] {
        std::array<bool, 256> table{};
        for (char c = '0'; c <= '9'; ++c)
            table[uchar(c)] = true;
        for (char c = 'a'; c <= 'f'; ++c)
            table[uchar(c)] = true;
        return table;
    }();
    bool all = true;
    for (char c : text)
        all &= kLowerHex[uchar(c)];
    return all;
}

} // namespace carton
