// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "outputresultsmodel.h"

#include <QCoreApplication>
#include <QString>

namespace studio {

// The Self-tests panel's details of one output as HTML for a QTextBrowser: the
// verdict and why, the error figures, the minimum passing tolerances, the worst
// elements and the error histograms (bars of block characters). Text from the
// carton is escaped.
class OutputDetailsHtml {
    Q_DECLARE_TR_FUNCTIONS(OutputDetailsHtml)

public:
    static QString render(const OutputResultsModel::Row &output);
};

} // namespace studio
