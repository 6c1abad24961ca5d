// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QList>
#include <QString>
#include <memory>
#include <vector>

namespace carton {

class SourceCursor;

// Caps for evaluating one PyTorch pickle: time (opcodes), memory (values, stack,
// memo, kept bytes) and the depth walked when naming its tensors.
struct TorchPickleLimits {
    qint64 maxOpcodes = 100'000'000;
    qint64 maxValues = 2'000'000; // values made (containers, numbers, strings...), ~250 bytes each: <= 500 MB
                                  // (a state_dict makes ~15 per tensor; None, True and False are made once)
    qint64 maxStackDepth = 1'000'000;
    qint64 maxMemoEntries = 2'000'000;
    qint64 maxKeptString = 64 * 1024; // longer strings and bytes are kept cut
    qint64 maxLineLength = 64 * 1024;
    int maxNesting = 200;          // containers inside containers, when naming tensors
    qint64 maxVisits = 20'000'000; // values visited when naming tensors (shared values count each time)
};

// A value the evaluator built. Nothing but plain data: numbers, strings,
// containers, the names of globals, storages (from persistent ids) and tensors
// (from torch._utils._rebuild_tensor_v2). Everything else is Opaque, with the
// name of what would have made it.
struct TorchValue {
    enum class Kind : quint8 {
        None,
        Bool,
        Int,
        Float,
        String,
        Bytes,
        Tuple,
        List,
        Dict, // items: key, value, key, value...
        Set,
        Global,  // text: "module.name"
        Object,  // made by NEWOBJ (a TorchScript class, a torch.nn module...): text its class, items[0] its state
        Storage, // text: the key; storageType: "FloatStorage"
        Tensor,
        Opaque, // text: what it came from ("numpy.core.multiarray._reconstruct")
    };
    Kind kind = Kind::None;
    bool bigInt = false; // an Int that does not fit 64 bits (integer is meaningless); a Global off the allow-list
    qint64 integer = 0;  // Int, Bool
    double real = 0;     // Float
    QString text;
    QByteArray bytes; // Bytes (cut at maxKeptString)
    std::vector<const TorchValue *> items;
    // Storage
    QString storageType;   // "FloatStorage", "BFloat16Storage" (torch's class name)
    QString location;      // "cpu"
    qint64 numel = 0;      // elements
    qint64 viewOffset = 0; // legacy storage views: elements into the root storage
    // Tensor
    const TorchValue *storage = nullptr;
    qint64 storageOffset = 0; // elements
    QList<qint64> shape;
    QList<qint64> strides; // elements
    bool parameter = false;

    bool isString() const { return kind == Kind::String; }
};

// What one pickle evaluated to. Owns every value (the graph may share values and
// hold cycles: values refer to each other by pointer, never own each other).
class CARTONCORE_EXPORT TorchPickle final {
public:
    // Evaluates one pickle from the cursor's position to its STOP (the cursor is
    // left after it). Only allow-listed reconstructors are evaluated (plain
    // containers, collections.OrderedDict, _rebuild_tensor_v2, _rebuild_parameter,
    // storages through persistent ids, objects made by NEWOBJ and given their state by
    // BUILD: TorchScript classes, torch.nn modules, a user's module class); calling any
    // other global gives an Opaque value named after it; a global the safety scanner
    // calls critical (os.system, eval...) is an error, as are EXT codes and out-of-band
    // buffers. Names off the allow-list that are not critical are listed in opaque().
    // Nothing is executed. Errors name `location`, the offset and the opcode.
    static Result<TorchPickle> evaluate(SourceCursor &cursor, const QString &location,
                                        const TorchPickleLimits &limits = {});

    const TorchValue *root() const { return m_root; }
    // The names of what was left opaque ("numpy.core.multiarray._reconstruct"), distinct, in order.
    const QStringList &opaque() const { return m_opaque; }
    // The storages made from persistent ids, in order of appearance.
    const std::vector<const TorchValue *> &storages() const { return m_storages; }

    // The tensors reachable from root() with their paths, as state_dict() names them:
    // dict keys and list indices joined by '.', TorchScript objects entered through
    // their state ("conv1.weight", "bn1.running_var"). Cycles end; a value reached
    // twice (tied weights) is listed under each name. Fails past the limits.
    struct NamedTensor {
        QString name;
        const TorchValue *tensor;
    };
    Result<QList<NamedTensor>> tensors(const QString &location, const TorchPickleLimits &limits = {}) const;

private:
    friend class TorchPickleMachine;
    std::vector<std::unique_ptr<TorchValue>> m_arena;
    const TorchValue *m_root = nullptr;
    QStringList m_opaque;
    std::vector<const TorchValue *> m_storages;
};

} // namespace carton
