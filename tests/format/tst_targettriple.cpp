// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/targettriple.h"

#include <QSet>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

class TestTargetTriple : public QObject {
    Q_OBJECT
private slots:
    void valid_data();
    void valid();
    void invalid_data();
    void invalid();
    void host();
    void common();
};

void TestTargetTriple::valid_data()
{
    QTest::addColumn<QString>("triple");
    const char *triples[] = {
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
        "i686-pc-windows-gnu",
        "x86_64-unknown-linux-musl",
        "armv7-unknown-linux-gnueabihf",
        "arm-unknown-linux-gnueabi",
        "aarch64-linux-android",
        "armv7-linux-androideabi",
        "aarch64-apple-ios",
        "aarch64-apple-ios-sim",
        "x86_64-apple-ios-macabi",
        "wasm32-unknown-unknown",
        "wasm32-wasi",
        "wasm32-unknown-emscripten",
        "riscv64gc-unknown-linux-gnu",
        "powerpc64le-unknown-linux-gnu",
        "s390x-unknown-linux-gnu",
        "x86_64-unknown-freebsd",
        "thumbv7em-none-eabihf",
        "nvptx64-nvidia-cuda",
        "x86_64-fortanix-unknown-sgx",
        "loongarch64-unknown-linux-gnu",
        "i686-unknown-linux-gnu",
        "mips64el-unknown-linux-gnuabi64",
        "aarch64-unknown-none",
        "x86_64-unknown-uefi",
        "sparc64-unknown-netbsd",
    };
    for (const char *t : triples)
        QTest::newRow(t) << QString::fromLatin1(t);
}

void TestTargetTriple::valid()
{
    QFETCH(QString, triple);
    QString why;
    QVERIFY2(isValidTargetTriple(triple, &why), qPrintable(why));
}

void TestTargetTriple::invalid_data()
{
    QTest::addColumn<QString>("triple");
    QTest::addColumn<QString>("whyContains");
    // From fixtures/upstream/toml/required_platforms_expect_failure.toml.
    QTest::newRow("upstream fixture") << u"aninvalidplatform"_s << u"expected 2 to 4"_s;
    QTest::newRow("empty") << QString() << u"empty"_s;
    QTest::newRow("unknown arch") << u"x86-64-unknown-linux-gnu"_s << u"unknown"_s;
    QTest::newRow("bad arch") << u"pentium-unknown-linux-gnu"_s << u"unknown architecture \"pentium\""_s;
    QTest::newRow("too many parts") << u"x86_64-unknown-linux-gnu-extra"_s << u"expected 2 to 4"_s;
    QTest::newRow("empty part") << u"x86_64--linux-gnu"_s << u"empty part"_s;
    QTest::newRow("unknown os") << u"x86_64-unknown-beos"_s << u"\"beos\""_s;
    QTest::newRow("unknown env") << u"x86_64-unknown-linux-gmu"_s << u"\"gmu\""_s;
    QTest::newRow("uppercase") << u"X86_64-unknown-linux-gnu"_s << u"unknown architecture"_s;
    QTest::newRow("vendor without os") << u"x86_64-apple"_s << u"ARCH-[VENDOR-]OS[-ENV]"_s;
    QTest::newRow("env in os place") << u"x86_64-unknown-gnu-linux"_s << u"ARCH-[VENDOR-]OS[-ENV]"_s;
    QTest::newRow("trailing dash") << u"x86_64-unknown-linux-"_s << u"empty part"_s;
    QTest::newRow("spaces") << u" x86_64-apple-darwin"_s << u"unknown architecture"_s;
}

void TestTargetTriple::invalid()
{
    QFETCH(QString, triple);
    QFETCH(QString, whyContains);
    QString why;
    QVERIFY(!isValidTargetTriple(triple, &why));
    QVERIFY2(why.contains(whyContains), qPrintable(why));
    QVERIFY(!isValidTargetTriple(triple)); // no reason wanted: still false, no crash
}

void TestTargetTriple::host()
{
    const QString host = hostTargetTriple();
    QString why;
    QVERIFY2(isValidTargetTriple(host, &why), qPrintable(host + u": "_s + why));
#if defined(Q_OS_LINUX) && defined(Q_PROCESSOR_X86_64) && defined(__GLIBC__)
    QCOMPARE(host, u"x86_64-unknown-linux-gnu"_s);
#elif defined(Q_OS_MACOS) && defined(Q_PROCESSOR_ARM_64)
    QCOMPARE(host, u"aarch64-apple-darwin"_s);
#endif
}

void TestTargetTriple::common()
{
    const QStringList triples = commonTargetTriples();
    QVERIFY(triples.size() >= 20);
    QCOMPARE(triples.first(), hostTargetTriple());
    QCOMPARE(QSet<QString>(triples.cbegin(), triples.cend()).size(), triples.size()); // no duplicates
    for (const QString &t : triples) {
        QString why;
        QVERIFY2(isValidTargetTriple(t, &why), qPrintable(t + QStringLiteral(": ") + why));
    }
    QVERIFY(triples.contains(QStringLiteral("aarch64-apple-darwin")));
    QVERIFY(triples.contains(QStringLiteral("x86_64-pc-windows-msvc")));
}

QTEST_GUILESS_MAIN(TestTargetTriple)
#include "tst_targettriple.moc"
