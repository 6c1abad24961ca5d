// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/pickleallowlist.h"

#include "base/coretext.h"

#include <QSet>

namespace carton {

namespace {

// module -> names, for exact matches.
const QHash<QString, QSet<QString>> &exactNames()
{
    static const QHash<QString, QSet<QString>> names{
        {QStringLiteral("torch._utils"),
         {QStringLiteral("_rebuild_tensor"), QStringLiteral("_rebuild_tensor_v2"), QStringLiteral("_rebuild_tensor_v3"),
          QStringLiteral("_rebuild_parameter"), QStringLiteral("_rebuild_parameter_with_state"),
          QStringLiteral("_rebuild_sparse_tensor"), QStringLiteral("_rebuild_sparse_csr_tensor"),
          QStringLiteral("_rebuild_nested_tensor"), QStringLiteral("_rebuild_qtensor"),
          QStringLiteral("_rebuild_device_tensor_from_numpy"), QStringLiteral("_rebuild_meta_tensor_no_storage"),
          QStringLiteral("_rebuild_wrapper_subclass"), QStringLiteral("_rebuild_xla_tensor"),
          QStringLiteral("_rebuild_mkldnn_tensor")}},
        {QStringLiteral("torch._tensor"), {QStringLiteral("_rebuild_from_type_v2")}},
        {QStringLiteral("torch.nn.parameter"),
         {QStringLiteral("Parameter"), QStringLiteral("UninitializedParameter"), QStringLiteral("Buffer")}},
        {QStringLiteral("torch.storage"), {QStringLiteral("UntypedStorage"), QStringLiteral("TypedStorage")}},
        {QStringLiteral("torch.serialization"), {QStringLiteral("_get_layout")}},
        {QStringLiteral("torch.jit._pickle"),
         {QStringLiteral("build_intlist"), QStringLiteral("build_tensorlist"), QStringLiteral("build_doublelist"),
          QStringLiteral("build_boollist"), QStringLiteral("build_tensor_from_id"),
          QStringLiteral("restore_type_tag")}},
        {QStringLiteral("collections"), {QStringLiteral("OrderedDict"), QStringLiteral("defaultdict")}},
        {QStringLiteral("builtins"),
         {QStringLiteral("set"), QStringLiteral("frozenset"), QStringLiteral("slice"), QStringLiteral("range"),
          QStringLiteral("complex"), QStringLiteral("bytearray"), QStringLiteral("dict"), QStringLiteral("list"),
          QStringLiteral("tuple"), QStringLiteral("int"), QStringLiteral("float"), QStringLiteral("bool"),
          QStringLiteral("str"), QStringLiteral("bytes"), QStringLiteral("object")}},
        {QStringLiteral("__builtin__"), // protocol 0-2 pickles written by Python 2
         {QStringLiteral("set"), QStringLiteral("frozenset"), QStringLiteral("slice"), QStringLiteral("complex"),
          QStringLiteral("object")}},
        {QStringLiteral("copyreg"), {QStringLiteral("_reconstructor")}}, // its class argument is judged on its own
        {QStringLiteral("copy_reg"), {QStringLiteral("_reconstructor")}},
        {QStringLiteral("_codecs"), {QStringLiteral("encode")}}, // numpy's bytes in protocol 2
        {QStringLiteral("numpy"), {QStringLiteral("ndarray"), QStringLiteral("dtype")}},
        {QStringLiteral("numpy.core.multiarray"), {QStringLiteral("_reconstruct"), QStringLiteral("scalar")}},
        {QStringLiteral("numpy._core.multiarray"), {QStringLiteral("_reconstruct"), QStringLiteral("scalar")}},
        {QStringLiteral("numpy.core.numeric"), {QStringLiteral("_frombuffer")}},
        {QStringLiteral("numpy._core.numeric"), {QStringLiteral("_frombuffer")}},
    };
    return names;
}

// torch.<name>: storages, dtypes, layouts, memory formats, devices, sizes.
bool allowedTorchName(const QString &name)
{
    static const QSet<QString> names{QStringLiteral("FloatStorage"),
                                     QStringLiteral("DoubleStorage"),
                                     QStringLiteral("HalfStorage"),
                                     QStringLiteral("BFloat16Storage"),
                                     QStringLiteral("LongStorage"),
                                     QStringLiteral("IntStorage"),
                                     QStringLiteral("ShortStorage"),
                                     QStringLiteral("CharStorage"),
                                     QStringLiteral("ByteStorage"),
                                     QStringLiteral("BoolStorage"),
                                     QStringLiteral("ComplexFloatStorage"),
                                     QStringLiteral("ComplexDoubleStorage"),
                                     QStringLiteral("QInt8Storage"),
                                     QStringLiteral("QUInt8Storage"),
                                     QStringLiteral("QInt32Storage"),
                                     QStringLiteral("QUInt4x2Storage"),
                                     QStringLiteral("QUInt2x4Storage"),
                                     QStringLiteral("UntypedStorage"),
                                     QStringLiteral("Size"),
                                     QStringLiteral("device"),
                                     QStringLiteral("dtype"),
                                     QStringLiteral("Tensor"),
                                     QStringLiteral("float16"),
                                     QStringLiteral("float32"),
                                     QStringLiteral("float64"),
                                     QStringLiteral("bfloat16"),
                                     QStringLiteral("half"),
                                     QStringLiteral("float"),
                                     QStringLiteral("double"),
                                     QStringLiteral("complex32"),
                                     QStringLiteral("complex64"),
                                     QStringLiteral("complex128"),
                                     QStringLiteral("cfloat"),
                                     QStringLiteral("cdouble"),
                                     QStringLiteral("uint8"),
                                     QStringLiteral("int8"),
                                     QStringLiteral("int16"),
                                     QStringLiteral("int32"),
                                     QStringLiteral("int64"),
                                     QStringLiteral("short"),
                                     QStringLiteral("int"),
                                     QStringLiteral("long"),
                                     QStringLiteral("bool"),
                                     QStringLiteral("qint8"),
                                     QStringLiteral("quint8"),
                                     QStringLiteral("qint32"),
                                     QStringLiteral("quint4x2"),
                                     QStringLiteral("float8_e4m3fn"),
                                     QStringLiteral("float8_e5m2"),
                                     QStringLiteral("strided"),
                                     QStringLiteral("sparse_coo"),
                                     QStringLiteral("sparse_csr"),
                                     QStringLiteral("sparse_csc"),
                                     QStringLiteral("sparse_bsr"),
                                     QStringLiteral("sparse_bsc"),
                                     QStringLiteral("_mkldnn"),
                                     QStringLiteral("contiguous_format"),
                                     QStringLiteral("channels_last"),
                                     QStringLiteral("channels_last_3d"),
                                     QStringLiteral("preserve_format"),
                                     QStringLiteral("per_tensor_affine"),
                                     QStringLiteral("per_channel_affine"),
                                     QStringLiteral("per_channel_affine_float_qparams"),
                                     QStringLiteral("per_tensor_symmetric"),
                                     QStringLiteral("per_channel_symmetric")};
    return names.contains(name);
}

bool isIdentifier(const QString &s)
{
    if (s.isEmpty() || s.front().isDigit())
        return false;
    for (QChar c : s)
        if (!(c.isLetterOrNumber() || c == u'_') || c.unicode() > 0x7f)
            return false;
    return true;
}

bool isDottedIdentifier(const QString &s)
{
    if (s.isEmpty())
        return false;
    for (const QStringView part : QStringView(s).split(u'.'))
        if (!isIdentifier(part.toString()))
            return false;
    return true;
}

// Known to run code, reach the system or resolve other names: critical.
QString dangerous(const QString &module, const QString &name)
{
    const QString root = module.section(u'.', 0, 0);
    static const QSet<QString> systemModules{
        QStringLiteral("os"),         QStringLiteral("posix"),      QStringLiteral("nt"),
        QStringLiteral("subprocess"), QStringLiteral("sys"),        QStringLiteral("shutil"),
        QStringLiteral("socket"),     QStringLiteral("pty"),        QStringLiteral("commands"),
        QStringLiteral("runpy"),      QStringLiteral("importlib"),  QStringLiteral("pkgutil"),
        QStringLiteral("ctypes"),     QStringLiteral("webbrowser"), QStringLiteral("code"),
        QStringLiteral("codeop"),     QStringLiteral("pickle"),     QStringLiteral("_pickle"),
        QStringLiteral("marshal"),    QStringLiteral("asyncio"),    QStringLiteral("multiprocessing"),
        QStringLiteral("urllib"),     QStringLiteral("http"),       QStringLiteral("requests"),
        QStringLiteral("ftplib"),     QStringLiteral("smtplib"),    QStringLiteral("telnetlib"),
        QStringLiteral("tempfile"),   QStringLiteral("pathlib"),    QStringLiteral("io"),
        QStringLiteral("_io"),        QStringLiteral("signal"),     QStringLiteral("threading"),
        QStringLiteral("_thread"),    QStringLiteral("platform"),   QStringLiteral("bdb"),
        QStringLiteral("pdb"),        QStringLiteral("timeit"),     QStringLiteral("cProfile"),
        QStringLiteral("profile"),    QStringLiteral("trace"),      QStringLiteral("dill"),
        QStringLiteral("joblib"),     QStringLiteral("torch.hub"),  QStringLiteral("site")};
    if (systemModules.contains(root) || systemModules.contains(module))
        return ScanText::tr("%1 reaches the operating system, the network or other code: loading the pickle "
                            "can run commands")
            .arg(module);
    static const QSet<QString> builtinCallables{
        QStringLiteral("eval"),       QStringLiteral("exec"),    QStringLiteral("compile"),
        QStringLiteral("getattr"),    QStringLiteral("setattr"), QStringLiteral("delattr"),
        QStringLiteral("__import__"), QStringLiteral("open"),    QStringLiteral("input"),
        QStringLiteral("globals"),    QStringLiteral("locals"),  QStringLiteral("vars"),
        QStringLiteral("breakpoint"), QStringLiteral("help"),    QStringLiteral("memoryview"),
        QStringLiteral("type"),       QStringLiteral("apply"),   QStringLiteral("execfile"),
        QStringLiteral("file"),       QStringLiteral("reload")};
    if ((module == u"builtins" || module == u"__builtin__" || module == u"__builtins__") &&
        builtinCallables.contains(name))
        return ScanText::tr("%1.%2 evaluates code or reaches any attribute: loading the pickle can run anything")
            .arg(module, name);
    if (root == u"operator" || root == u"_operator" || root == u"functools" || root == u"_functools" ||
        root == u"itertools" || root == u"copyreg" || root == u"copy_reg" || root == u"types" || root == u"inspect" ||
        root == u"ast")
        return ScanText::tr("%1.%2 composes calls or resolves names (a known way around deny-lists, e.g. "
                            "operator.methodcaller, functools.partial)")
            .arg(module, name);
    if (module.startsWith(u"torch.") && (name == u"load" || name.contains(u"load_from") || name == u"_load"))
        return ScanText::tr("%1.%2 loads another file or pickle, which is not scanned").arg(module, name);
    if (module == u"torch" && (name == u"load" || name == u"compile"))
        return ScanText::tr("torch.%1 loads or compiles other code").arg(name);
    return {};
}

} // namespace

PickleJudgement PickleAllowList::judge(const QString &module, const QString &name)
{
    // An attribute path ("os.system" as a name, protocol 4 resolves dots) or a disguised name.
    if (!isDottedIdentifier(module) || !isIdentifier(name))
        return {false, ScanSeverity::Critical,
                ScanText::tr("the module or name is not a plain Python identifier (\"%1\", \"%2\"): an attribute "
                             "path or a disguised name")
                    .arg(module.left(80), name.left(80))};
    const auto &exact = exactNames();
    if (const auto it = exact.constFind(module); it != exact.cend() && it->contains(name))
        return {true, ScanSeverity::Info, {}};
    if (module == u"torch" && allowedTorchName(name))
        return {true, ScanSeverity::Info, {}};
    // TorchScript's compiled classes: resolved from the archive's code/, not imported from Python.
    if (module == u"__torch__" || module.startsWith(u"__torch__."))
        return {true, ScanSeverity::Info, {}};
    // Whole-module saves (torch.save(model)): the classes of torch.nn's layers.
    if (module.startsWith(u"torch.nn.modules.") && !name.isEmpty() && name.front().isUpper())
        return {true, ScanSeverity::Info, {}};
    // numpy's dtype classes (numpy >= 1.25 pickles dtypes as numpy.dtypes.Float32DType).
    if (module == u"numpy.dtypes" && name.endsWith(u"DType"))
        return {true, ScanSeverity::Info, {}};
    if (const QString why = dangerous(module, name); !why.isEmpty())
        return {false, ScanSeverity::Critical, why};
    return {false, ScanSeverity::High,
            ScanText::tr("%1.%2 is not on the allow-list of names PyTorch and numpy checkpoints use: loading the "
                         "pickle imports it and may call it")
                .arg(module, name)};
}

} // namespace carton
