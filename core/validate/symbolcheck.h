// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

#include <QHash>
#include <QList>
#include <QString>

namespace carton {

class TensorIndex;

// Concrete shapes of tensor_data tensors by index name (what "@tensor_data/NAME"
// in a [[self_test]] or [[example]] refers to). Nested tensors have none.
using TensorShapes = QHash<QString, QList<qint64>>;
CARTONCORE_EXPORT TensorShapes tensorShapesOf(const TensorIndex &index);

// Where a shape symbol is used: "input[2].shape[1]" (one dimension) or
// "output[0].shape" (a whole-shape symbol), and by whom ("input 'x'").
struct SymbolUse {
    QString field;
    QString owner;
    bool operator==(const SymbolUse &) const = default;
};

// A value a symbol takes in one [[self_test]] / [[example]].
struct SymbolValue {
    QList<qint64> value; // a dim symbol: one size; a whole-shape symbol: the shape
    QString field;       // the spec field it was bound at ("input[0].shape[0]")
    QString source;      // the reference feeding it ("self_test[3].inputs.x")
    bool operator==(const SymbolValue &) const = default;
};

// The values a symbol takes in one section: one when consistent, more when it
// conflicts (the first is the binding, the others disagree with it).
struct SymbolSectionBinding {
    QString section; // "self_test[3]" / "example[0]"
    QList<SymbolValue> values;
    bool conflict() const { return values.size() > 1; }
    bool operator==(const SymbolSectionBinding &) const = default;
};

// One shape symbol of the [[input]]/[[output]] specs. Whole-shape symbols
// (shape = "s") and dim symbols (shape = ["s", 3]) are apart (see SymbolBindings):
// a name used both ways has two summaries.
struct SymbolSummary {
    QString name;
    bool wholeShape = false;
    QList<SymbolUse> uses;                // inputs, then outputs, in order
    QList<SymbolSectionBinding> bindings; // self-tests, then examples, that feed it
    bool conflict = false;                // a [[self_test]] binds it to two values
    bool operator==(const SymbolSummary &) const = default;
};

struct SpecCheck {
    Diagnostics diagnostics;
    QList<SymbolSummary> symbols; // in order of first use (inputs, then outputs)
};

// The one check of the [[input]]/[[output]] specs, used by validateInfo (and so
// by validateCarton, the CLI and the editor's live validation):
// - names: empty, duplicate (Error at "input[i].name");
// - dtypes: unknown, not a spec dtype (Error at "input[i].dtype");
// - shapes: negative dims (Error), quoted numbers, empty symbols (Warning),
//   a name used as whole-shape and as dim symbol (Info, upstream does it);
// - "If you specify one input or output, you must specify all inputs and
//   outputs": inputs declared but no output, or the reverse (Info at "output"
//   / "input"); keys that name no declared spec are reported by the section checks;
// - against the concrete shapes of the tensors each [[self_test]] and
//   [[example]] feeds (`shapes`, by index name; tensors not in it are skipped):
//   rank mismatch (at "input[i].shape"), a fixed size mismatch (at
//   "input[i].shape[j]"), and a symbol binding two values within one section
//   (at the dimension or whole shape where the second value appears; its
//   first binding is named in the message). "*" never binds; a scalar [] takes
//   only a 0-dim tensor; symbols bind per section: two self-tests may give one
//   symbol different values. Self-tests: mismatch Warning, conflict Error;
//   examples ("don't need to be runnable"): Info. One diagnostic per field and
//   problem, naming the other sections that show it.
// Locations are "carton.toml[:LINE]: FIELD" with lines from info.fieldLines.
CARTONCORE_EXPORT SpecCheck checkSpecs(const CartonInfo &info, const TensorShapes &shapes = {});

} // namespace carton
