// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "targettriple.h"

#include "base/coretext.h"

#include <QList>
#include <algorithm>
#include <initializer_list>

namespace carton {

namespace {

// Architectures Rust/LLVM name in target triples.
constexpr std::initializer_list<const char16_t *> kArchs = {
    u"x86_64",    u"x86_64h",     u"i386",          u"i486",          u"i586",        u"i686",
    u"aarch64",   u"aarch64_be",  u"arm64",         u"arm64e",        u"arm64ec",     u"arm64_32",
    u"arm",       u"armeb",       u"armv4t",        u"armv5te",       u"armv6",       u"armv6k",
    u"armv7",     u"armv7a",      u"armv7r",        u"armv7s",        u"armv7k",      u"armebv7r",
    u"armv8r",    u"thumbv4t",    u"thumbv5te",     u"thumbv6m",      u"thumbv7a",    u"thumbv7em",
    u"thumbv7m",  u"thumbv7neon", u"thumbv8m.base", u"thumbv8m.main", u"riscv32",     u"riscv32i",
    u"riscv32im", u"riscv32imc",  u"riscv32imac",   u"riscv32imafc",  u"riscv32gc",   u"riscv64",
    u"riscv64gc", u"riscv64imac", u"wasm32",        u"wasm64",        u"asmjs",       u"powerpc",
    u"powerpcle", u"powerpc64",   u"powerpc64le",   u"s390x",         u"mips",        u"mipsel",
    u"mips64",    u"mips64el",    u"mipsisa32r6",   u"mipsisa32r6el", u"mipsisa64r6", u"mipsisa64r6el",
    u"sparc",     u"sparc64",     u"sparcv9",       u"loongarch64",   u"m68k",        u"hexagon",
    u"nvptx",     u"nvptx64",     u"amdgcn",        u"avr",           u"msp430",      u"bpfel",
    u"bpfeb",     u"csky",        u"xtensa",        u"spirv",         u"spirv64",
};

constexpr std::initializer_list<const char16_t *> kVendors = {
    u"unknown", u"pc",     u"apple",  u"nvidia", u"amd",       u"fortanix", u"ibm",      u"kmc",  u"nintendo",
    u"sony",    u"sun",    u"uwp",    u"wrs",    u"espressif", u"esp",      u"unikraft", u"win7", u"openwrt",
    u"suse",    u"redhat", u"alpine", u"oe",     u"w64",       u"mti",      u"img",      u"scei",
};

constexpr std::initializer_list<const char16_t *> kOses = {
    u"linux",   u"darwin",     u"macos",   u"macosx",     u"ios",     u"tvos",      u"watchos", u"visionos", u"xros",
    u"windows", u"win32",      u"freebsd", u"netbsd",     u"openbsd", u"dragonfly", u"android", u"none",     u"unknown",
    u"wasi",    u"wasip1",     u"wasip2",  u"emscripten", u"fuchsia", u"haiku",     u"illumos", u"solaris",  u"redox",
    u"hermit",  u"l4re",       u"uefi",    u"cuda",       u"aix",     u"vxworks",   u"nto",     u"horizon",  u"psp",
    u"vita",    u"hurd",       u"espidf",  u"teeos",      u"zkvm",    u"amdhsa",    u"cygwin",  u"mingw32",  u"nuttx",
    u"rtems",   u"solid_asp3", u"xous",    u"trusty",     u"qurt",    u"lynxos178", u"aros",
};

constexpr std::initializer_list<const char16_t *> kEnvs = {
    u"gnu",        u"gnuabi64",  u"gnueabi", u"gnueabihf",    u"gnux32",     u"gnuspe",       u"gnuabiv2",
    u"gnuabiv2hf", u"gnuilp32",  u"gnullvm", u"musl",         u"musleabi",   u"musleabihf",   u"muslabi64",
    u"muslspe",    u"msvc",      u"android", u"androideabi",  u"eabi",       u"eabihf",       u"sgx",
    u"sim",        u"simulator", u"macabi",  u"uclibc",       u"uclibceabi", u"uclibceabihf", u"newlib",
    u"ohos",       u"elf",       u"p1",      u"p2",           u"threads",    u"itanium",      u"cygnus",
    u"coff",       u"macho",     u"wasm",    u"none",         u"kernel",     u"sysv",         u"nto70",
    u"nto71",      u"nto80",     u"relibc",  u"freestanding", u"hermit",
};

bool inList(std::initializer_list<const char16_t *> list, QStringView part)
{
    return std::any_of(list.begin(), list.end(), [&](const char16_t *s) { return part == QStringView(s); });
}

} // namespace

bool isValidTargetTriple(QStringView triple, QString *why)
{
    auto fail = [&](const QString &reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (triple.isEmpty())
        return fail(FormatText::tr("empty target triple"));
    const QList<QStringView> parts = triple.split(u'-');
    if (parts.size() < 2 || parts.size() > 4)
        return fail(FormatText::tr("\"%1\" is not a target triple: expected 2 to 4 '-'-separated parts "
                                   "(e.g. x86_64-unknown-linux-gnu), found %2")
                        .arg(triple.left(100).toString())
                        .arg(parts.size()));
    for (QStringView p : parts)
        if (p.isEmpty())
            return fail(FormatText::tr("\"%1\" has an empty part").arg(triple.left(100).toString()));
    if (!inList(kArchs, parts.at(0)))
        return fail(FormatText::tr("unknown architecture \"%1\" in \"%2\"")
                        .arg(parts.at(0).left(100).toString(), triple.left(100).toString()));

    // After the architecture: [vendor] os [env]. "unknown" and "none" are
    // ambiguous, so every arrangement is tried.
    const QList<QStringView> rest = parts.mid(1);
    auto fits = [&](bool vendor, bool env) {
        const qsizetype need = 1 + (vendor ? 1 : 0) + (env ? 1 : 0);
        if (rest.size() != need)
            return false;
        qsizetype i = 0;
        if (vendor && !inList(kVendors, rest.at(i++)))
            return false;
        if (!inList(kOses, rest.at(i++)))
            return false;
        return !env || inList(kEnvs, rest.at(i));
    };
    if (fits(false, false) || fits(true, false) || fits(false, true) || fits(true, true))
        return true;

    // Name the first part that fits nowhere.
    for (QStringView p : rest)
        if (!inList(kVendors, p) && !inList(kOses, p) && !inList(kEnvs, p))
            return fail(FormatText::tr("unknown vendor, operating system or environment \"%1\" in \"%2\"")
                            .arg(p.left(100).toString(), triple.left(100).toString()));
    return fail(FormatText::tr("\"%1\" does not follow ARCH-[VENDOR-]OS[-ENV]").arg(triple.left(100).toString()));
}

QStringList commonTargetTriples()
{
    static const QStringList common = {
        QStringLiteral("x86_64-unknown-linux-gnu"),
        QStringLiteral("aarch64-unknown-linux-gnu"),
        QStringLiteral("x86_64-apple-darwin"),
        QStringLiteral("aarch64-apple-darwin"),
        QStringLiteral("x86_64-pc-windows-msvc"),
        QStringLiteral("aarch64-pc-windows-msvc"),
        QStringLiteral("x86_64-pc-windows-gnu"),
        QStringLiteral("i686-pc-windows-msvc"),
        QStringLiteral("i686-unknown-linux-gnu"),
        QStringLiteral("x86_64-unknown-linux-musl"),
        QStringLiteral("aarch64-unknown-linux-musl"),
        QStringLiteral("armv7-unknown-linux-gnueabihf"),
        QStringLiteral("arm-unknown-linux-gnueabihf"),
        QStringLiteral("riscv64gc-unknown-linux-gnu"),
        QStringLiteral("powerpc64le-unknown-linux-gnu"),
        QStringLiteral("s390x-unknown-linux-gnu"),
        QStringLiteral("loongarch64-unknown-linux-gnu"),
        QStringLiteral("x86_64-unknown-freebsd"),
        QStringLiteral("aarch64-linux-android"),
        QStringLiteral("armv7-linux-androideabi"),
        QStringLiteral("x86_64-linux-android"),
        QStringLiteral("aarch64-apple-ios"),
        QStringLiteral("aarch64-apple-ios-sim"),
        QStringLiteral("wasm32-unknown-unknown"),
        QStringLiteral("wasm32-wasip1"),
        QStringLiteral("wasm32-unknown-emscripten"),
    };
    QStringList out = common;
    const QString host = hostTargetTriple();
    out.removeAll(host);
    if (isValidTargetTriple(host))
        out.prepend(host);
    return out;
}

QString hostTargetTriple()
{
    QString arch;
#if defined(Q_PROCESSOR_X86_64)
    arch = QStringLiteral("x86_64");
#elif defined(Q_PROCESSOR_X86_32)
    arch = QStringLiteral("i686");
#elif defined(Q_PROCESSOR_ARM_64)
    arch = QStringLiteral("aarch64");
#elif defined(Q_PROCESSOR_ARM_32)
    arch = QStringLiteral("armv7");
#elif defined(Q_PROCESSOR_RISCV_64)
    arch = QStringLiteral("riscv64gc");
#elif defined(Q_PROCESSOR_POWER_64) && Q_BYTE_ORDER == Q_LITTLE_ENDIAN
    arch = QStringLiteral("powerpc64le");
#elif defined(Q_PROCESSOR_POWER_64)
    arch = QStringLiteral("powerpc64");
#elif defined(Q_PROCESSOR_S390_X)
    arch = QStringLiteral("s390x");
#elif defined(Q_PROCESSOR_LOONGARCH_64) || defined(__loongarch64)
    arch = QStringLiteral("loongarch64");
#elif defined(Q_PROCESSOR_WASM)
    arch = QStringLiteral("wasm32");
#else
    arch = QStringLiteral("unknown");
#endif

    QString rest;
#if defined(Q_OS_ANDROID)
    rest = arch == u"armv7" ? QStringLiteral("linux-androideabi") : QStringLiteral("linux-android");
#elif defined(Q_OS_MACOS)
    rest = QStringLiteral("apple-darwin");
#elif defined(Q_OS_IOS)
    rest = QStringLiteral("apple-ios");
#elif defined(Q_OS_WIN) && defined(Q_CC_MSVC)
    rest = QStringLiteral("pc-windows-msvc");
#elif defined(Q_OS_WIN)
    rest = QStringLiteral("pc-windows-gnu");
#elif defined(Q_OS_FREEBSD)
    rest = QStringLiteral("unknown-freebsd");
#elif defined(Q_OS_NETBSD)
    rest = QStringLiteral("unknown-netbsd");
#elif defined(Q_OS_OPENBSD)
    rest = QStringLiteral("unknown-openbsd");
#elif defined(Q_OS_LINUX)
#if defined(__GLIBC__)
    rest = arch == u"armv7" ? QStringLiteral("unknown-linux-gnueabihf") : QStringLiteral("unknown-linux-gnu");
#else
    rest = arch == u"armv7" ? QStringLiteral("unknown-linux-musleabihf") : QStringLiteral("unknown-linux-musl");
#endif
#elif defined(Q_OS_WASM)
    rest = QStringLiteral("unknown-emscripten");
#else
    rest = QStringLiteral("unknown-unknown");
#endif
    return arch + u'-' + rest;
}

} // namespace carton
