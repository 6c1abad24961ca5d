// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hostilecases.h"

#include "../zip/ziptestutil.h"

#include <QCryptographicHash>
#include <QMap>
#include <zlib.h>

namespace hostile {

using namespace ziptest;
using namespace Qt::StringLiterals;

namespace {

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

const QByteArray kToml = R"(spec_version = 1
model_name = "hostile"

[[input]]
name = "x"
dtype = "float32"
shape = [2]

[[output]]
name = "y"
dtype = "float32"
shape = [2]

[[self_test]]
name = "t"
inputs = { x = "@tensor_data/x" }
expected_out = { y = "@tensor_data/x" }

[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
)";

const QByteArray kIndex = "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = [2]\nfile = \"x.bin\"\n";
const QByteArray kX("\x00\x00\x80\x3f\x00\x00\x00\x40", 8); // 1.0f, 2.0f

// A carton's files by path (QMap: sorted like MANIFEST).
using Files = QMap<QByteArray, QByteArray>;

Files baseFiles()
{
    return {{"carton.toml", kToml},
            {"model/model.txt", "model bytes\n"},
            {"tensor_data/index.toml", kIndex},
            {"tensor_data/x.bin", kX}};
}

QByteArray manifestOf(const Files &files)
{
    QByteArray m;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (it.key() != "MANIFEST" && it.key() != "LINKS")
            m += it.key() + '=' + sha256Hex(it.value()) + '\n';
    return m;
}

// A zip of `files` (Stored), with a MANIFEST listing them unless `files` has one.
QByteArray zipOf(Files files, RawLayout *layout = nullptr)
{
    if (!files.contains("MANIFEST"))
        files.insert("MANIFEST", manifestOf(files));
    std::vector<RawEntry> entries;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        RawEntry e;
        e.name = it.key();
        e.stored = it.value();
        entries.push_back(e);
    }
    return buildZip(entries, layout);
}

// A carton whose files are `base` with `changes` applied (an empty value removes).
QByteArray cartonWith(const Files &changes)
{
    Files files = baseFiles();
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        if (it.value().isNull())
            files.remove(it.key());
        else
            files.insert(it.key(), it.value());
    }
    return zipOf(files);
}

QByteArray tomlWith(const QByteArray &from, const QByteArray &to)
{
    QByteArray t = kToml;
    t.replace(from, to);
    return t;
}

QByteArray gzipOf(const QByteArray &plain)
{
    z_stream s{};
    deflateInit2(&s, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&s, uLong(plain.size()))) + 32, Qt::Uninitialized);
    s.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(plain.constData()));
    s.avail_in = uInt(plain.size());
    s.next_out = reinterpret_cast<Bytef *>(out.data());
    s.avail_out = uInt(out.size());
    deflate(&s, Z_FINISH);
    out.resize(qsizetype(s.total_out));
    deflateEnd(&s);
    return out;
}

QByteArray npy(const QByteArray &magicVersion, const QByteArray &header, const QByteArray &data)
{
    QByteArray h = header;
    const bool v1 = magicVersion.at(6) == '\x01';
    const int prefix = magicVersion.size() + (v1 ? 2 : 4);
    while ((prefix + h.size() + 1) % 64)
        h.append(' ');
    h.append('\n');
    QByteArray out = magicVersion;
    if (v1)
        put16(out, quint16(h.size()));
    else
        put32(out, quint32(h.size()));
    return out + h + data;
}

QByteArray npyV1(const QByteArray &header, const QByteArray &data)
{
    return npy(QByteArray("\x93NUMPY\x01\x00", 8), header, data);
}

QByteArray safetensors(const QByteArray &header, const QByteArray &buffer)
{
    return testutil::safetensorsFile(header, buffer);
}

// The linked file of the LINKS cases, and the sha256 the MANIFEST gives it.
const QByteArray kLinked = "linked model weights\n";

QByteArray linksCarton(const QByteArray &links)
{
    Files files = baseFiles();
    files.insert("model/weights.bin", kLinked);
    files.insert("MANIFEST", manifestOf(files));
    files.remove("model/weights.bin"); // only in LINKS
    files.insert("LINKS", links);
    return zipOf(files);
}

QByteArray linksFile(const QString &url)
{
    return "version = 1\n\n[urls]\n" + sha256Hex(kLinked) + " = [\"" + url.toUtf8() + "\"]\n";
}

} // namespace

QList<LinkRoute> linkRoutes()
{
    QByteArray bomb(64 << 20, '\0');
    return {
        {"/wrong", 200, "not the linked bytes\n", {}, false, 0},
        {"/missing", 404, "no such file\n", {}, false, 0},
        {"/error", 500, "server error\n", {}, false, 0},
        {"/endless", 200, {}, {}, true, 0},
        {"/bomb", 200, gzipOf(bomb), "gzip", false, 0},
        {"/slow", 200, "slow and wrong\n", {}, false, 1500},
        {"/garbage-gzip", 200, QByteArray(300, '\x1f'), "gzip", false, 0},
    };
}

QList<Case> cases(const QString &linkBase)
{
    QList<Case> out;
    auto add = [&](const QString &category, const QString &name, const QByteArray &bytes, int exitCode,
                   const QString &expect, const QString &guiExpect = {}, QStringList command = {},
                   const QString &suffix = u".carton"_s) {
        Case c;
        c.category = category;
        c.name = category + u'-' + name;
        c.fileName = c.name + suffix;
        c.bytes = bytes;
        c.command = command.isEmpty() ? QStringList{u"verify"_s, u"%f"_s} : command;
        c.exitCode = exitCode;
        c.expect = expect;
        c.guiValid = guiExpect == u"-"_s;
        c.guiExpect = c.guiValid ? QString() : guiExpect.isEmpty() ? expect : guiExpect;
        out.append(c);
    };
    const QStringList unpack{u"unpack"_s, u"%f"_s, u"-o"_s, u"%o"_s};

    // ---- zip ------------------------------------------------------------------
    RawLayout l;
    const QByteArray good = zipOf(baseFiles(), &l);
    auto patched = [&](auto edit) {
        QByteArray b = good;
        edit(b);
        return b;
    };
    add(u"zip"_s, u"empty"_s, QByteArray(), 2, u"too small to be a zip archive"_s);
    add(u"zip"_s, u"truncated-half"_s, good.left(good.size() / 2), 2, u"end of central directory"_s);
    add(u"zip"_s, u"truncated-in-eocd"_s, good.left(good.size() - 5), 2, u"end of central directory"_s);
    add(u"zip"_s, u"not-a-zip"_s, sampleData(4000), 2, u"end of central directory"_s);
    add(u"zip"_s, u"eocd-comment-lies"_s, patched([&](QByteArray &b) { patch16(b, l.eocd + 20, 500); }), 2,
        u"end of central directory"_s);
    add(u"zip"_s, u"cd-offset-beyond"_s, patched([&](QByteArray &b) { patch32(b, l.eocd + 16, 0x7fffffff); }), 2,
        u"central directory"_s);
    add(u"zip"_s, u"cd-size-huge"_s, patched([&](QByteArray &b) { patch32(b, l.eocd + 12, 0xfffffff0u); }), 2,
        u"central directory"_s);
    add(u"zip"_s, u"cd-bad-signature"_s, patched([&](QByteArray &b) { patch32(b, l.central[1], 0x12345678); }), 2,
        u"bad signature"_s);
    add(u"zip"_s, u"count-lies"_s, patched([&](QByteArray &b) {
            patch16(b, l.eocd + 8, 60000);
            patch16(b, l.eocd + 10, 60000);
        }),
        2, u"central directory"_s);
    add(u"zip"_s, u"multi-disk"_s, patched([&](QByteArray &b) { patch16(b, l.eocd + 4, 1); }), 2, u"multi-disk"_s);
    add(u"zip"_s, u"local-offset-beyond"_s, patched([&](QByteArray &b) { patch32(b, l.central[2] + 42, 0x7ffffff0); }),
        2, u"local header offset 2147483632"_s);
    add(u"zip"_s, u"local-bad-signature"_s, patched([&](QByteArray &b) { patch32(b, l.local[2], 0x11111111); }), 1,
        u"local header"_s);
    add(u"zip"_s, u"local-method-differs"_s, patched([&](QByteArray &b) { patch16(b, l.local[2] + 8, 8); }), 1,
        u"compression method"_s);
    add(u"zip"_s, u"local-size-differs"_s, patched([&](QByteArray &b) { patch32(b, l.local[2] + 18, 3); }), 1,
        u"differs from the central directory"_s);
    add(u"zip"_s, u"local-crc-differs"_s, patched([&](QByteArray &b) { patch32(b, l.local[2] + 14, 0xdeadbeef); }), 1,
        u"CRC-32"_s);
    add(u"zip"_s, u"local-name-differs"_s, patched([&](QByteArray &b) { b[l.local[2] + 30] = 'X'; }), 1, u"name"_s);
    add(u"zip"_s, u"crc-mismatch"_s, patched([&](QByteArray &b) {
            patch32(b, l.local[2] + 14, 0x01020304);
            patch32(b, l.central[2] + 16, 0x01020304);
        }),
        1, u"CRC-32"_s);
    {
        // Two central records pointing at the same local entry.
        QByteArray b = good;
        const quint32 first = qFromLittleEndian<quint32>(b.constData() + l.central[1] + 42);
        patch32(b, l.central[2] + 42, first);
        add(u"zip"_s, u"overlapping-entries"_s, b, 1, u"local header"_s);
    }
    {
        std::vector<RawEntry> e(1);
        e[0].name = "carton.toml";
        e[0].method = 14; // LZMA
        e[0].stored = "whatever";
        e[0].plain = "whatever";
        add(u"zip"_s, u"unsupported-method"_s, buildZip(e), 1, u"method"_s);
        e[0].method = 0;
        e[0].flags = 0x0801; // encrypted
        e[0].plain.clear();
        add(u"zip"_s, u"encrypted"_s, buildZip(e), 1, u"encrypt"_s);
    }
    {
        // Bombs listed in MANIFEST (so verification must decode them): the headers
        // declare 1 MiB, the data inflates to 48 MiB; and a header declaring more
        // than the data holds.
        const QByteArray zeros(48 << 20, '\0');
        const QByteArray declared = zeros.left(1 << 20);
        auto withEntry = [&](const RawEntry &extra, const QByteArray &listedAs) {
            Files files = baseFiles();
            files.insert(extra.name, listedAs);
            files.insert("MANIFEST", manifestOf(files));
            files.remove(extra.name);
            std::vector<RawEntry> e;
            for (auto it = files.cbegin(); it != files.cend(); ++it)
                e.push_back(RawEntry{it.key(), it.value(), {}, 0, 0x0800, 0100644u << 16, {}, {}});
            e.push_back(extra);
            return buildZip(e);
        };
        add(u"zip"_s, u"deflate-bomb"_s,
            withEntry(RawEntry{"model/bomb.bin", deflateRaw(zeros, 9), declared, 8, 0x0800, 0100644u << 16, {}, {}},
                      declared),
            1, u"entry model/bomb.bin: decompresses to more than the 1048576 bytes the header states"_s);
        add(u"zip"_s, u"zstd-bomb"_s,
            withEntry(
                RawEntry{"model/bomb.bin", zstdFrame(zeros, false, 19), declared, 93, 0x0800, 0100644u << 16, {}, {}},
                declared),
            1, u"entry model/bomb.bin: decompresses to more than the 1048576 bytes the header states"_s);
        const QByteArray big(1 << 20, 't');
        add(u"zip"_s, u"declared-size-lies"_s,
            withEntry(RawEntry{"model/lie.bin", deflateRaw("tiny", 9), big, 8, 0x0800, 0100644u << 16, {}, {}}, big), 1,
            u"entry model/lie.bin: decompresses to only 4 bytes"_s);
        // carton.toml as a bomb: 40 MB, over the metadata cap, never decoded past it.
        Files files = baseFiles();
        files.insert("MANIFEST", manifestOf(files));
        std::vector<RawEntry> e;
        const QByteArray tomlBomb = kToml + "# " + QByteArray(40 << 20, ' ') + "\n";
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            e.push_back(it.key() == "carton.toml"
                            ? RawEntry{"carton.toml",
                                       zstdFrame(tomlBomb, true, 19),
                                       tomlBomb,
                                       93,
                                       0x0800,
                                       0100644u << 16,
                                       {},
                                       {}}
                            : RawEntry{it.key(), it.value(), {}, 0, 0x0800, 0100644u << 16, {}, {}});
        add(u"zip"_s, u"metadata-bomb"_s, buildZip(e), 1, u"entry carton.toml: entry is 41943"_s);
    }
    {
        std::vector<RawEntry> e;
        e.push_back(RawEntry{"carton.toml", kToml, {}, 0, 0x0800, 0100644u << 16, {}, {}});
        for (int i = 0; i < 100'000; ++i)
            e.push_back(RawEntry{"m/" + QByteArray::number(i), {}, {}, 0, 0x0800, 0100644u << 16, {}, {}});
        RawLayout big;
        QByteArray archive = buildZip(e, &big);
        patch16(archive, big.eocd + 8, 0xffff); // the count lives in the zip64 end record
        patch16(archive, big.eocd + 10, 0xffff);
        add(u"zip"_s, u"100k-entries"_s, withZip64(archive, big, true, quint64(e.size()), 0), 1, u"MANIFEST"_s);
    }
    {
        const QByteArray longName = "model/" + QByteArray(60'000, 'n');
        add(u"zip"_s, u"name-60k"_s, zipOf({{"carton.toml", kToml}, {longName, "x"}}), 2, u"name"_s);
    }
    struct BadName {
        QString tag;
        QByteArray name;
        QString expect;
    };
    const QList<BadName> badNames = {
        {u"traversal"_s, "../../evil.txt", u"unsafe"_s},
        {u"absolute"_s, "/etc/evil", u"unsafe"_s},
        {u"backslash"_s, "model\\..\\..\\evil", u"unsafe"_s},
        {u"drive-letter"_s, "C:/evil", u"unsafe"_s},
        {u"nul-byte"_s, QByteArray("model/a\0b", 9), u"unsafe"_s},
        {u"control-char"_s, "model/a\x01", u"unsafe"_s},
        {u"bom-name"_s,
         "\xef\xbb\xbf"
         "carton.toml",
         u"U+FEFF"_s},
        {u"dot-segment"_s, "model/./a", u"unsafe"_s},
    };
    for (const BadName &bad : badNames) {
        Files f = baseFiles();
        f.insert(bad.name, "evil");
        add(u"zip"_s, u"name-"_s + bad.tag, zipOf(f), 2, bad.expect, u"read-only"_s);
        add(u"zip"_s, u"unpack-name-"_s + bad.tag, zipOf(f), 2, bad.expect, u"read-only"_s, unpack);
    }
    {
        std::vector<RawEntry> e;
        Files files = baseFiles();
        files.insert("MANIFEST", manifestOf(files));
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            e.push_back(RawEntry{it.key(), it.value(), {}, 0, 0x0800, 0100644u << 16, {}, {}});
        e.push_back(RawEntry{"model/escape", "../../../etc/passwd", {}, 0, 0x0800, 0120777u << 16, {}, {}});
        add(u"zip"_s, u"symlink-escapes"_s, buildZip(e), 2, u"model/escape"_s);
        add(u"zip"_s, u"unpack-symlink-escapes"_s, buildZip(e), 2, u"model/escape"_s, {}, unpack);
        e.back() = RawEntry{"model/abs", "/etc/passwd", {}, 0, 0x0800, 0120777u << 16, {}, {}};
        add(u"zip"_s, u"symlink-absolute"_s, buildZip(e), 2, u"model/abs"_s);
        e.back() = RawEntry{"model/loop", "loop", {}, 0, 0x0800, 0120777u << 16, {}, {}};
        add(u"zip"_s, u"symlink-loop"_s, buildZip(e), 2, u"model/loop"_s);
    }
    {
        std::vector<RawEntry> e;
        Files files = baseFiles();
        files.insert("MANIFEST", manifestOf(files));
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            e.push_back(RawEntry{it.key(), it.value(), {}, 0, 0x0800, 0100644u << 16, {}, {}});
        e.push_back(RawEntry{"model/model.txt", "another model\n", {}, 0, 0x0800, 0100644u << 16, {}, {}});
        add(u"zip"_s, u"duplicate-names"_s, buildZip(e), 2, u"duplicate entry name"_s);
    }

    // ---- carton.toml --------------------------------------------------------------
    auto toml = [&](const QString &name, const QByteArray &text, int exitCode, const QString &expect) {
        add(u"toml"_s, name, cartonWith({{"carton.toml", text}}), exitCode, expect);
    };
    toml(u"syntax"_s, kToml + "this is = = not toml\n", 1, u"carton.toml"_s);
    toml(u"unterminated-string"_s, tomlWith("model_name = \"hostile\"", "model_name = \"hostile"), 1, u"carton.toml"_s);
    toml(u"model-name-int"_s, tomlWith("model_name = \"hostile\"", "model_name = 12"), 1, u"model_name"_s);
    toml(u"spec-version-2"_s, tomlWith("spec_version = 1", "spec_version = 2"), 1, u"spec_version"_s);
    toml(u"no-runner"_s, kToml.left(kToml.indexOf("[runner]")), 1, u"runner"_s);
    toml(u"dtype-unknown"_s,
         tomlWith("dtype = \"float32\"\nshape = [2]\n\n[[output]]", "dtype = \"float128\"\nshape = [2]\n\n[[output]]"),
         1, u"float128"_s);
    toml(u"shape-negative"_s, tomlWith("shape = [2]\n\n[[output]]", "shape = [-2]\n\n[[output]]"), 1, u"shape"_s);
    toml(u"shape-bad-type"_s, tomlWith("shape = [2]\n\n[[output]]", "shape = [true]\n\n[[output]]"), 1, u"shape"_s);
    toml(u"duplicate-key"_s, tomlWith("model_name = \"hostile\"", "model_name = \"a\"\nmodel_name = \"b\""), 1,
         u"model_name"_s);
    toml(u"duplicate-input"_s, kToml + "\n[[input]]\nname = \"x\"\ndtype = \"int32\"\nshape = [2]\n", 1, u"\"x\""_s);
    toml(u"deep-arrays"_s, kToml + "deep = " + QByteArray(10'000, '[') + QByteArray(10'000, ']') + "\n", 1, u"nest"_s);
    toml(u"deep-tables"_s,
         kToml + "deep = " + QByteArray(10'000, '{').replace("{", "{a=") + "1" + QByteArray(10'000, '}') + "\n", 1,
         u"nest"_s);
    toml(u"string-50mb"_s, kToml + "big = \"" + QByteArray(50 << 20, 'a') + "\"\n", 1,
         u"entry carton.toml: entry is 52429149 bytes, more than the 16777216 allowed"_s);
    toml(u"invalid-utf8"_s, tomlWith("model_name = \"hostile\"", "model_name = \"\xff\xfe\xc3\""), 1, u"carton.toml"_s);
    toml(u"huge-integer"_s, tomlWith("spec_version = 1", "spec_version = 99999999999999999999999"), 1,
         u"carton.toml"_s);
    toml(u"self-test-unknown-input"_s, tomlWith("inputs = { x = ", "inputs = { nope = "), 1, u"nope"_s);
    toml(u"self-test-bad-ref"_s, tomlWith("inputs = { x = \"@tensor_data/x\"", "inputs = { x = \"@tensor_data/zz\""), 1,
         u"zz"_s);
    {
        QByteArray many = "inputs = { ";
        for (int i = 0; i < 40'000; ++i)
            many += "k" + QByteArray::number(i) + " = \"@tensor_data/x\", ";
        many += "x = ";
        toml(u"40k-undeclared-keys"_s, tomlWith("inputs = { x = ", many), 1, u"more"_s);
    }
    {
        const QByteArray longName(100'000, 'n');
        toml(u"100k-input-name"_s, tomlWith("name = \"x\"", "name = \"" + longName + "\""), 1, u"nnn"_s);
    }
    toml(u"platforms-not-list"_s,
         tomlWith("model_name = \"hostile\"", "model_name = \"hostile\"\nrequired_platforms "
                                              "= \"linux\""),
         1, u"required_platforms"_s);
    toml(u"shape-float"_s, tomlWith("shape = [2]\n\n[[output]]", "shape = [2.5]\n\n[[output]]"), 1, u"shape"_s);
    toml(u"empty-file"_s, QByteArray(""), 1, u"spec_version"_s);
    add(u"toml"_s, u"missing-file"_s, cartonWith({{"carton.toml", QByteArray()}}), 1, u"carton.toml: missing"_s);

    // ---- MANIFEST -------------------------------------------------------------------
    const QByteArray manifest = manifestOf(baseFiles());
    auto man = [&](const QString &name, const QByteArray &text, int exitCode, const QString &expect) {
        add(u"manifest"_s, name, cartonWith({{"MANIFEST", text}}), exitCode, expect);
    };
    {
        QList<QByteArray> lines = manifest.split('\n');
        lines.removeLast();
        std::swap(lines[0], lines[1]);
        man(u"unsorted"_s, lines.join('\n') + '\n', 1, u"MANIFEST"_s);
    }
    man(u"spaces"_s, QByteArray(manifest).replace("=", " = "), 1, u"MANIFEST"_s);
    man(u"uppercase-hex"_s, manifest.left(manifest.indexOf('\n')).toUpper() + manifest.mid(manifest.indexOf('\n')), 1,
        u"MANIFEST"_s);
    man(u"duplicate-line"_s, manifest.left(manifest.indexOf('\n') + 1) + manifest, 1, u"MANIFEST"_s);
    man(u"self-entry"_s, "MANIFEST=" + sha256Hex("x") + '\n' + manifest, 1, u"MANIFEST"_s);
    {
        Files withGone = baseFiles();
        withGone.insert("model/zz-gone.bin", "gone");
        man(u"missing-file"_s, manifestOf(withGone), 1, u"model/zz-gone.bin"_s);
    }
    man(u"extra-file"_s, manifest.mid(manifest.indexOf('\n') + 1), 1, u"carton.toml"_s);
    man(u"wrong-hash"_s, QByteArray(manifest).replace(sha256Hex("model bytes\n"), sha256Hex("other")), 1,
        u"model/model.txt"_s);
    man(u"short-hash"_s, QByteArray(manifest).replace(sha256Hex("model bytes\n"), "abcd"), 1, u"MANIFEST"_s);
    man(u"crlf"_s, QByteArray(manifest).replace("\n", "\r\n"), 1, u"MANIFEST"_s);
    man(u"traversal-path"_s, "../../etc/passwd=" + sha256Hex("x") + '\n' + manifest, 1, u"MANIFEST"_s);
    man(u"binary"_s, QByteArray(2000, '\0'), 1, u"MANIFEST"_s);
    add(u"manifest"_s, u"absent"_s, cartonWith({{"MANIFEST", QByteArray("")}}).replace("MANIFEST", "MANIFESX"), 1,
        u"MANIFEST"_s);

    // ---- tensors --------------------------------------------------------------------
    auto tensor = [&](const QString &name, const Files &changes, int exitCode, const QString &expect,
                      const QString &which = u"x"_s, const QString &guiExpect = {}) {
        add(u"tensor"_s, name, cartonWith(changes), exitCode, expect, guiExpect, {u"tensor"_s, u"%f"_s, which});
    };
    tensor(u"size-mismatch"_s, {{"tensor_data/x.bin", kX.left(6)}}, 1, u"x.bin"_s);
    tensor(u"size-too-big"_s, {{"tensor_data/x.bin", kX + kX}}, 1, u"x.bin"_s);
    tensor(u"shape-product-overflow"_s,
           {{"tensor_data/index.toml",
             QByteArray(kIndex).replace("shape = [2]", "shape = [4294967296, 4294967296, 4294967296]")}},
           1, u"shape"_s);
    tensor(u"shape-bytes-overflow"_s,
           {{"tensor_data/index.toml", QByteArray(kIndex).replace("shape = [2]", "shape = [2305843009213693952, 4]")}},
           1, u"shape"_s);
    tensor(u"negative-dim"_s, {{"tensor_data/index.toml", QByteArray(kIndex).replace("[2]", "[-1]")}}, 1, u"shape"_s);
    tensor(u"missing-file"_s, {{"tensor_data/x.bin", QByteArray()}}, 2, u"no file \"tensor_data/x.bin\""_s, u"x"_s,
           u"tensor_data/x.bin (tensor \"x\") is missing"_s);
    tensor(u"file-escapes"_s, {{"tensor_data/index.toml", QByteArray(kIndex).replace("x.bin", "../carton.toml")}}, 1,
           u"../carton.toml"_s);
    tensor(u"unknown-dtype"_s, {{"tensor_data/index.toml", QByteArray(kIndex).replace("float32", "complex256")}}, 1,
           u"complex256"_s);
    tensor(u"index-syntax"_s, {{"tensor_data/index.toml", "[[tensor]\nname = "}}, 1, u"index.toml"_s);
    tensor(u"no-such-tensor"_s, {}, 2, u"no tensor named \"nope\""_s, u"nope"_s, u"-"_s);
    const QByteArray nestedIn = kIndex + "\n[[tensor]]\nname = \"n\"\ndtype = \"nested\"\ninner = [\"x\"]\n"
                                         "\n[[tensor]]\nname = \"nn\"\ndtype = \"nested\"\ninner = [\"n\"]\n";
    tensor(u"nested-in-nested"_s, {{"tensor_data/index.toml", nestedIn}}, 1, u"nested"_s, u"nn"_s);
    const QByteArray cycle = "[[tensor]]\nname = \"a\"\ndtype = \"nested\"\ninner = [\"b\"]\n"
                             "\n[[tensor]]\nname = \"b\"\ndtype = \"nested\"\ninner = [\"a\"]\n";
    tensor(u"nested-cycle"_s, {{"tensor_data/index.toml", cycle}}, 1, u"nested"_s, u"a"_s);
    tensor(u"nested-self"_s,
           {{"tensor_data/index.toml", "[[tensor]]\nname = \"a\"\ndtype = \"nested\"\ninner = [\"a\"]\n"}}, 1,
           u"lists the tensor itself"_s, u"a"_s);
    {
        QByteArray repeats = kIndex + "\n[[tensor]]\nname = \"n\"\ndtype = \"nested\"\ninner = [";
        for (int i = 0; i < 100; ++i)
            repeats += "\"x\", ";
        repeats += "]\n";
        tensor(u"nested-repeats"_s, {{"tensor_data/index.toml", repeats}}, 1, u"more than once"_s, u"n"_s,
               u"lists inner tensor \"x\" again"_s);
    }
    tensor(u"nested-missing-inner"_s,
           {{"tensor_data/index.toml", kIndex + "\n[[tensor]]\nname = \"n\"\ndtype = \"nested\"\ninner = [\"q\"]\n"}},
           2, u"inner tensor \"q\" does not exist"_s, u"n"_s,
           u"inner tensor \"q\" of nested tensor \"n\" is not in the index"_s);
    {
        const QByteArray stringIndex =
            kIndex + "\n[[tensor]]\nname = \"s\"\ndtype = \"string\"\nshape = [2]\nfile = \"s.toml\"\n";
        tensor(u"string-count-mismatch"_s,
               {{"tensor_data/index.toml", stringIndex}, {"tensor_data/s.toml", "data = [\"a\", \"b\", \"c\"]\n"}}, 1,
               u"s.toml"_s, u"s"_s);
        tensor(u"string-not-strings"_s,
               {{"tensor_data/index.toml", stringIndex}, {"tensor_data/s.toml", "data = [1, 2]\n"}}, 1, u"s.toml"_s,
               u"s"_s);
        QByteArray million = "data = [";
        million.reserve(10 << 20);
        for (int i = 0; i < 5'000'000; ++i)
            million += "\"\",";
        million += "]\n";
        tensor(u"string-5m-elements"_s,
               {{"tensor_data/index.toml",
                 QByteArray(stringIndex).replace("shape = [2]\nfile = \"s", "shape = [5000000]\nfile = \"s")},
                {"tensor_data/s.toml", million}},
               1, u"s.toml"_s, u"s"_s);
        tensor(u"string-invalid-utf8"_s,
               {{"tensor_data/index.toml", stringIndex}, {"tensor_data/s.toml", "data = [\"\xff\", \"b\"]\n"}}, 1,
               u"s.toml"_s, u"s"_s);
    }
    tensor(u"duplicate-names"_s, {{"tensor_data/index.toml", kIndex + "\n" + kIndex}}, 1, u"\"x\""_s);

    // ---- LINKS ----------------------------------------------------------------------
    const QStringList fetchVerify{u"verify"_s, u"%f"_s, u"--fetch-links"_s};
    auto link = [&](const QString &name, const QByteArray &links, int exitCode, const QString &expect,
                    const QString &guiExpect = {}) {
        add(u"links"_s, name, linksCarton(links), exitCode, expect, guiExpect, fetchVerify);
    };
    link(u"file-scheme"_s, linksFile(u"file:///etc/passwd"_s), 1,
         u"only http and https URLs are allowed, not \"file\""_s);
    link(u"ftp-scheme"_s, linksFile(u"ftp://example.com/w.bin"_s), 1, u"not \"ftp\""_s);
    link(u"not-toml"_s, "this is not toml ===", 1, u"LINKS:1:6: invalid TOML"_s);
    link(u"bad-sha-key"_s, "version = 1\n[urls]\nabc = [\"http://x/y\"]\n", 1,
         u"key \"abc\" in [urls] is not a sha256"_s);
    link(u"version-2"_s, QByteArray(linksFile(linkBase + u"/wrong"_s)).replace("version = 1", "version = 2"), 1,
         u"unsupported LINKS version 2"_s);
    // What a server sends wrong: verification fetches (GUI: lists the file as linked, fetches nothing).
    link(u"sha-mismatch"_s, linksFile(linkBase + u"/wrong"_s), 1, u"model/weights.bin: sha256 mismatch"_s, u"-"_s);
    link(u"404"_s, linksFile(linkBase + u"/missing"_s), 1, u"model/weights.bin: HTTP status 404"_s, u"-"_s);
    link(u"500"_s, linksFile(linkBase + u"/error"_s), 1, u"model/weights.bin: HTTP status 500"_s, u"-"_s);
    link(u"endless-body"_s, linksFile(linkBase + u"/endless"_s), 1, u"model/weights.bin: sha256 mismatch"_s, u"-"_s);
    // 512 MiB downloaded, written to a temporary file and hashed is real work, not
    // an amplification: seconds on a loaded machine. The memory limit still proves
    // that the body is streamed.
    out.last().timeLimitMs = 30'000;
    link(u"gzip-bomb"_s, linksFile(linkBase + u"/bomb"_s), 1, u"model/weights.bin: sha256 mismatch"_s, u"-"_s);
    link(u"slow-and-wrong"_s, linksFile(linkBase + u"/slow"_s), 1, u"model/weights.bin: sha256 mismatch"_s, u"-"_s);
    link(u"garbage-gzip"_s, linksFile(linkBase + u"/garbage-gzip"_s), 1, u"model/weights.bin: corrupt gzip data"_s,
         u"-"_s);
    link(u"refused-port"_s, linksFile(u"http://127.0.0.1:1/w.bin"_s), 1, u"model/weights.bin: Connection refused"_s,
         u"-"_s);

    // ---- .safetensors (standalone files: `carton tensors FILE`) ---------------------------
    const QStringList list{u"tensors"_s, u"%f"_s};
    auto st = [&](const QString &name, const QByteArray &bytes, const QString &expect) {
        add(u"safetensors"_s, name, bytes, 1, expect, {}, list, u".safetensors"_s);
    };
    const QByteArray buf(16, '\x01');
    st(u"header-length-beyond"_s, QByteArray("\xff\xff\x00\x00\x00\x00\x00\x00{}", 10),
       u"goes past the end of the file"_s);
    st(u"header-length-huge"_s, QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10), u"more than the limit"_s);
    st(u"file-too-short"_s, QByteArray("\x02\x00", 2), u"too short for the 8-byte header length"_s);
    st(u"not-json-object"_s, safetensors("[1, 2]", {}), u"must be a JSON object"_s);
    st(u"bad-padding"_s,
       QByteArray("\x10\x00\x00\x00\x00\x00\x00\x00", 8) + QByteArray("{}\t\t\t\t\t\0\0\0\0\0\0\0\0\0", 16),
       u"only JSON whitespace may pad"_s);
    st(u"invalid-utf8"_s,
       safetensors("{\"\xff\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [0, 4]}}", buf.left(4)),
       u"not valid UTF-8"_s);
    st(u"offsets-out-of-bounds"_s,
       safetensors(R"({"a": {"dtype": "F32", "shape": [400], "data_offsets": [0, 1600]}})", buf), u"tensor \"a\""_s);
    st(u"overlap"_s,
       safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                       "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
                   buf.left(12)),
       u"tensor \"b\" (bytes 4..12) overlaps tensor \"a\""_s);
    st(u"hole"_s, safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [8, 16]}})", buf),
       u"hole of 8 bytes"_s);
    st(u"trailing-bytes"_s, safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})", buf),
       u"8 trailing bytes"_s);
    st(u"size-mismatch"_s, safetensors(R"({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 16]}})", buf),
       u"F32 [3] needs 12 bytes"_s);
    st(u"duplicate-keys"_s,
       safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                       "a": {"dtype": "F32", "shape": [2], "data_offsets": [8, 16]}})",
                   buf),
       u"duplicate key \"a\""_s);
    st(u"metadata-not-string"_s,
       safetensors(R"({"__metadata__": {"k": 1}, "a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})", buf),
       u"__metadata__: the value of \"k\" must be a string"_s);
    st(u"negative-shape"_s, safetensors(R"({"a": {"dtype": "F32", "shape": [-4], "data_offsets": [0, 16]}})", buf),
       u"tensor \"a\": \"shape\""_s);
    st(u"shape-overflow"_s,
       safetensors(R"({"a": {"dtype": "F32", "shape": [4294967296, 4294967296, 16], "data_offsets": [0, 16]}})", buf),
       u"overflows"_s);
    st(u"unknown-dtype"_s, safetensors(R"({"a": {"dtype": "F128", "shape": [1], "data_offsets": [0, 16]}})", buf),
       u"unknown dtype \"F128\""_s);

    // ---- .npy -----------------------------------------------------------------------------
    auto np = [&](const QString &name, const QByteArray &bytes, const QString &expect) {
        add(u"npy"_s, name, bytes, 1, expect, {}, {u"tensor"_s, u"%f"_s, u"-"_s}, u".npy"_s);
    };
    const QByteArray eight(8, '\x02');
    np(u"bad-magic"_s, QByteArray("\x93NUMPX\x01\x00\x10\x00", 10) + QByteArray(16, ' '), u"no \\x93NUMPY magic"_s);
    np(u"version-4"_s,
       npy(QByteArray("\x93NUMPY\x04\x00", 8),
           "{'descr': '<f4', 'fortran_order': False, "
           "'shape': (2,), }",
           eight),
       u"format version 4.0"_s);
    np(u"header-not-dict"_s, npyV1("[1, 2, 3]", eight), u"must be a dict"_s);
    np(u"object-dtype"_s, npyV1("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", eight),
       u"pickle, which is never loaded"_s);
    np(u"pickle-payload"_s,
       npyV1("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", QByteArray("\x80\x04\x95"
                                                                                    "cos\nsystem\n",
                                                                                    14)),
       u"pickle, which is never loaded"_s);
    np(u"shape-overflow"_s,
       npyV1("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 8), }", eight),
       u"overflows"_s);
    np(u"data-truncated"_s, npyV1("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", eight),
       u"needs 16 bytes"_s);
    np(u"fortran-not-bool"_s, npyV1("{'descr': '<f4', 'fortran_order': 'yes', 'shape': (2,), }", eight),
       u"fortran_order"_s);
    np(u"header-length-beyond"_s, QByteArray("\x93NUMPY\x01\x00\xff\xff", 10) + "{'descr'",
       u"goes past the end of the file"_s);
    np(u"unknown-descr"_s, npyV1("{'descr': '<q9', 'fortran_order': False, 'shape': (2,), }", eight),
       u"unsupported dtype '<q9'"_s);
    return out;
}

} // namespace hostile
