// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <Qt>

namespace studio {

// Custom item roles of every model of the widgets (views, editors, compare), in
// one place and one numbering: a view or delegate never mistakes one model's
// role for another's.
namespace Roles {
enum : int {
    // CartonFilesModel
    PathRole = Qt::UserRole + 1, // QString: full archive path ("model/main.py"; folders end without '/')
    IsFolderRole,                // bool
    FileStateRole,               // int: carton::FileState (folders: the worst state below them)
    SortRole,                    // sortable value of a cell (numbers for sizes)
    // SpecsModel
    ShapePartsRole, // QList<studio::ShapePart>: the shape split for painting
    SymbolsRole,    // QStringList: symbols used by the shape, in order
    // TensorListModel / SelfTestsModel
    TensorNameRole, // QString: tensor_data index name
    ReferenceRole,  // QString: "@tensor_data/x" or "@misc/y"
    // DiagnosticsModel (SelfTestsModel, TensorRefsModel: the worst of an item, -1 for none)
    SeverityRole, // int: carton::Severity
    LocationRole, // carton::DiagnosticLocation: the diagnostic's location
    // ModelWeightsModel
    WeightPathRole, // QString: a weight's name in its model file ("conv1.weight"; modules: "conv1")
    // CartonFilesModel
    RemoteUrlsRole, // QStringList: the LINKS URLs of a file only reachable through them
    // SpecsModel, RunnerOptsModel (editors)
    ValidationRole, // QString: "error", "warning" or empty: the worst diagnostic of the cell
    // RunnerOptsModel
    OptionTypeRole, // int: the option value's type (RunnerOptsModel::Type)
    // SymbolPanel
    FieldRole, // QString: the carton.toml field a use of a symbol is at
    // CompareModel
    EntryIndexRole, // int: the row's entry in CartonDiff::entries (-1 for section rows)
    ChangeKindRole, // int: the row's carton::ChangeKind (-1 for section rows)
};
} // namespace Roles

} // namespace studio
