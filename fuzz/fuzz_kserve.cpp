// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// What the kserve runner makes of a server's answer (plugins/kserve/kserveresponse):
// an inference response (JSON header, Inference-Header-Content-Length, binary
// tensor data) under the plugin's default limits, and an error reply. The first
// byte selects: bit 0 an error reply (HTTP 400) instead of a 200 inference
// response; bit 1 an Inference-Header-Content-Length header, whose text is what
// follows up to the first '\n' (at most 24 bytes); the rest is the body.
// Invariants besides not crashing:
// - no single allocation larger than kMaxRatio x the input + kSlack (a size the
//   server declares must not be allocated before its bytes are there);
// - every error has a non-empty message.
#include "fuzzutil.h"
#include "kserveresponse.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sanitizer/allocator_interface.h>

namespace {

constexpr size_t kMaxRatio = 16;
constexpr size_t kSlack = 1 << 20;

std::atomic<size_t> g_largest{0};
std::atomic<bool> g_watch{false};

void onMalloc(const volatile void *, size_t size)
{
    if (g_watch.load(std::memory_order_relaxed) && size > g_largest.load(std::memory_order_relaxed))
        g_largest.store(size, std::memory_order_relaxed);
}
void onFree(const volatile void *) {}

[[noreturn]] void fail(const char *what, const QString &detail)
{
    std::fprintf(stderr, "fuzz_kserve: %s: %s\n", what, qPrintable(detail.left(300)));
    std::abort();
}

void checkError(const carton::Error &e)
{
    if (e.message.trimmed().isEmpty())
        fail("an error without a message", e.toString());
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    __sanitizer_install_malloc_and_free_hooks(onMalloc, onFree);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const uint8_t flags = data[0];
    QByteArray rest = fuzz::bytes(data + 1, size - 1).toByteArray();
    QByteArray headerLength; // null: no header
    if (flags & 2) {
        const qsizetype newline = rest.left(25).indexOf('\n');
        const qsizetype n = newline < 0 ? std::min<qsizetype>(rest.size(), 24) : newline;
        headerLength = rest.left(n);
        if (headerLength.isNull())
            headerLength = QByteArray("");
        rest.remove(0, std::min(rest.size(), n + 1));
    }
    const QString model = QStringLiteral("m");
    const QString where = QStringLiteral("POST http://fuzz/v2/models/m/infer");
    const QHash<QString, QString> back{{QStringLiteral("OUT__0"), QStringLiteral("y")}};

    g_largest = 0;
    g_watch = true;
    if (flags & 1) {
        checkError(KserveResponse::httpError(400, rest, model, where));
    } else {
        carton::Result<carton::TensorMap> out = KserveResponse::parseInfer(
            std::move(rest), headerLength, back, KserveResponse::defaultMaxBody, model, where);
        if (!out)
            checkError(out.error());
    }
    g_watch = false;
    if (g_largest > kMaxRatio * size + kSlack)
        fail("an allocation beyond the bytes present",
             QStringLiteral("%1 bytes allocated at once for %2 bytes of input").arg(g_largest.load()).arg(size));
    return 0;
}
