// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QModelIndex>
#include <QString>

namespace carton {
struct SelfTestRun;
} // namespace carton

namespace studio {

class CartonFileReader;
class SelfTestsModel;

// The Self-tests panel's details of one self-test or example as HTML for a
// QTextBrowser: its name, kind and description, the last run's verdict and
// why, its keys (the first kKeys) and the misc files they name (images inline,
// media named for the player below). Text from the carton is escaped.
class SelfTestDetailsHtml {
    Q_DECLARE_TR_FUNCTIONS(SelfTestDetailsHtml)

public:
    // A carton may give a self-test 40,000 keys, and a QTextDocument table of
    // them all takes seconds; the tree on the left lists every key.
    static constexpr int kKeys = 200;

    // `item` is a top-level item of `model`; `run` (may be null) the last run;
    // `files` what its misc files are read from (the carton, or the document as it is now).
    static QString render(const SelfTestsModel &model, const QModelIndex &item, const carton::SelfTestRun *run,
                          const CartonFileReader &files);
};

} // namespace studio
