// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Pickles and cartons for the scan tests, written byte by byte here (no Python
// involved): every importing opcode, the known deny-list bypasses, and cartons
// holding a TorchScript-like model.pt.

#include "ziptestutil.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace scantest {

using ziptest::buildZip;
using ziptest::RawEntry;

// A length-prefixed protocol 4 string (SHORT_BINUNICODE).
inline QByteArray shortUnicode(const QByteArray &s)
{
    return QByteArray("\x8c", 1) + char(s.size()) + s;
}

// Protocol 0: GLOBAL os system, MARK, STRING 'cmd', TUPLE, REDUCE, STOP.
inline QByteArray globalReduce(const QByteArray &module, const QByteArray &name, const QByteArray &arg)
{
    return "c" + module + "\n" + name + "\n(S'" + arg + "'\ntR.";
}

// Protocol 0 as Python 3 writes an object whose __reduce__ returns (module.name,
// (arg,)): GLOBAL, PUT, MARK, UNICODE, TUPLE, REDUCE, STOP. No PROTO opcode.
inline QByteArray protocol0Reduce(const QByteArray &module, const QByteArray &name, const QByteArray &arg)
{
    return "c" + module + "\n" + name + "\np0\n(V" + arg + "\np1\ntp2\nRp3\n.";
}

// Protocol 1 (binary opcodes, still no PROTO): GLOBAL, BINPUT, MARK, BINUNICODE,
// TUPLE, REDUCE, STOP.
inline QByteArray protocol1Reduce(const QByteArray &module, const QByteArray &name, const QByteArray &arg)
{
    const char length[4] = {char(arg.size()), 0, 0, 0};
    return "c" + module + "\n" + name + QByteArray("\nq\x00(X", 5) + QByteArray(length, 4) + arg +
           QByteArray("q\x01tq\x02Rq\x03.", 9);
}

// A benign protocol 0 pickle: OrderedDict({'a': 1}), as Python 3 writes it.
inline QByteArray protocol0OrderedDict()
{
    return "ccollections\nOrderedDict\np0\n(tRp1\nVa\np2\nI1\ns.";
}

// A legacy (not zip) torch.save file at pickle_protocol=0: the magic number,
// protocol version and sys_info pickles, then `main`, then storage bytes.
inline QByteArray legacyTorchProtocol0(const QByteArray &main,
                                       const QByteArray &storages = QByteArray("\x10\0\0\0\0\0\0\0", 8) +
                                                                    QByteArray(64, '\0'))
{
    return "L119547037146038801333356L\n." + QByteArray("I1001\n.") +
           "(dp0\nVprotocol_version\np1\nI1001\nsVlittle_endian\np2\nI01\ns." + main + storages;
}

// Sets the checksum of the tar header at `at` (after a field was changed).
inline void fixTarChecksum(QByteArray &tar, qsizetype at = 0)
{
    tar.replace(at + 148, 8, QByteArray(8, ' '));
    unsigned sum = 0;
    for (char c : tar.mid(at, 512))
        sum += uchar(c);
    tar.replace(at + 148, 7, QByteArray(QByteArray::number(sum, 8).rightJustified(6, '0') + '\0'));
}

// One tar member as Python's tarfile writes it (ustar header, checksum, data
// padded to 512 bytes). `type`: '0' file, '5' folder, 'x' pax, 'L' GNU long name.
inline QByteArray tarEntry(const QByteArray &name, const QByteArray &data, char type = '0')
{
    QByteArray h(512, '\0');
    h.replace(0, std::min<qsizetype>(name.size(), 100), name.left(100));
    const auto octal = [&h](int at, int width, qint64 value) {
        h.replace(at, width - 1, QByteArray::number(value, 8).rightJustified(width - 1, '0'));
    };
    octal(100, 8, 0644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, data.size());
    octal(136, 12, 0);
    h[156] = type;
    h.replace(257, 8,
              QByteArray("ustar\0"
                         "00",
                         8));
    fixTarChecksum(h);
    return h + data + QByteArray((512 - data.size() % 512) % 512, '\0');
}

// A pax record: "LENGTH key=value\n", LENGTH counting itself.
inline QByteArray paxRecord(const QByteArray &key, const QByteArray &value)
{
    const qsizetype rest = key.size() + value.size() + 3; // ' ', '=', '\n'
    qsizetype length = rest + QByteArray::number(rest).size();
    if (QByteArray::number(length).size() != QByteArray::number(rest).size())
        ++length;
    return QByteArray::number(length) + ' ' + key + '=' + value + '\n';
}

// A legacy torch.save tar (torch < 0.4): torch.load unpickles its "pickle" member.
inline QByteArray legacyTorchTar(const QByteArray &pickle)
{
    return tarEntry("sys_info", QByteArray("\x80\x02}q\x00.", 6)) + tarEntry("pickle", pickle) +
           tarEntry("storages", QByteArray("\x80\x02K\x00.", 5) + QByteArray(4096, '\0')) +
           tarEntry("tensors", QByteArray("\x80\x02K\x00.", 5)) + QByteArray(1024, '\0');
}

// A NumPy .npy file (format 1.0) of one object: its data is `pickle`, which
// np.load(allow_pickle=True) unpickles.
inline QByteArray npyObjectArray(const QByteArray &pickle)
{
    QByteArray header = "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }";
    header += QByteArray((64 - (10 + header.size() + 1) % 64) % 64, ' ') + '\n';
    const char length[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
    return QByteArray("\x93NUMPY\x01\x00", 8) + QByteArray(length, 2) + header + pickle;
}

// Protocol 4: STACK_GLOBAL from two strings, then one string argument and REDUCE.
inline QByteArray stackGlobalReduce(const QByteArray &module, const QByteArray &name, const QByteArray &arg)
{
    return QByteArray("\x80\x04", 2) + shortUnicode(module) + QByteArray("\x94", 1) + shortUnicode(name) +
           QByteArray("\x94\x93\x94", 3) + shortUnicode(arg) + QByteArray("\x85R.", 3);
}

// The data.pkl of a TorchScript archive: GLOBAL __torch__ Model, NEWOBJ, state, BUILD.
inline QByteArray torchScriptDataPkl()
{
    return QByteArray("\x80\x02"
                      "c__torch__\nModel\n"
                      ")\x81"
                      "}"
                      "b.");
}

// A TorchScript-like zip (stored entries) whose data.pkl is `dataPkl`.
inline QByteArray torchScriptZip(const QByteArray &dataPkl)
{
    auto stored = [](const QByteArray &name, const QByteArray &data) {
        RawEntry e;
        e.name = name;
        e.stored = data;
        return e;
    };
    return buildZip({stored("m/data.pkl", dataPkl), stored("m/constants.pkl", QByteArray("\x80\x02).", 4)),
                     stored("m/version", "3\n"), stored("m/code/__torch__.py", "class Model(Module):\n  pass\n")});
}

inline RawEntry storedEntry(const QByteArray &name, const QByteArray &data)
{
    RawEntry e;
    e.name = name;
    e.stored = data;
    return e;
}

inline RawEntry zstdEntry(const QByteArray &name, const QByteArray &data)
{
    RawEntry e;
    e.name = name;
    e.plain = data;
    e.stored = ziptest::zstdFrame(data, false);
    e.method = 93;
    return e;
}

inline const QByteArray &cartonToml()
{
    static const QByteArray toml = "spec_version = 1\n"
                                   "model_name = \"scan_test\"\n"
                                   "short_description = \"A model for the scan tests\"\n"
                                   "model_description = \"\"\"\n"
                                   "# Model\n"
                                   "![diagram](https://images.example.com/d.png)\n"
                                   "<img src=\"http://tracker.example.net/p.gif\">\n"
                                   "![local](@misc/x.png)\n"
                                   "\"\"\"\n"
                                   "\n[runner]\n"
                                   "runner_name = \"torchscript\"\n"
                                   "required_framework_version = \"=2.0.1\"\n"
                                   "runner_compat_version = 1\n";
    return toml;
}

// A valid carton.toml that names no host.
inline const QByteArray &plainToml()
{
    static const QByteArray toml = "spec_version = 1\n"
                                   "model_name = \"plain\"\n"
                                   "\n[runner]\n"
                                   "runner_name = \"torchscript\"\n"
                                   "required_framework_version = \"=2.0.1\"\n"
                                   "runner_compat_version = 1\n";
    return toml;
}

inline QByteArray links()
{
    return "version = 1\n[urls]\n"
           "\"" +
           QByteArray(64, 'a') + "\" = [\"https://weights.example.org/w.bin\"]\n";
}

} // namespace scantest
