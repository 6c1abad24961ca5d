// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/cartondiff.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace studio {

class CompareModel;
class LatestJob;

// The Compare tab: two cartons side by side (metadata, runner, inputs/outputs,
// self-tests, examples, files) with added/removed/changed rows highlighted, each
// change's class (breaking / compatible) and reason, and for the selected row its
// full values, tensor error figures or unified diff. The comparison runs through
// LatestJob (a new one cancels the old); dropping a carton on the tab replaces the
// right side; Swap Sides compares the other way round.
class ComparePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparePage)
public:
    ComparePage(const QString &leftPath, const QString &rightPath, QWidget *parent = nullptr);
    ~ComparePage() override;

    QString leftPath() const { return m_left; }
    QString rightPath() const { return m_right; }
    // Compares the left carton with `path` instead (a .carton or a folder).
    void setRightPath(const QString &path);
    // Left becomes right and right left (the Swap Sides button): compared again,
    // as a change's class depends on the direction (an input added is compatible,
    // removed is breaking).
    void swapSides();
    // "a.carton ↔ b.carton"
    QString displayName() const;
    bool isComparing() const;
    // The last result (nullopt while the first comparison runs or when it failed).
    const std::optional<carton::CartonDiff> &diff() const;
    QString errorText() const { return m_error; }

    CompareModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QTextBrowser *details() const { return m_details; }
    QLabel *summaryLabel() const { return m_summary; }
    QCheckBox *changesOnlyBox() const { return m_changesOnly; }
    QPushButton *swapButton() const { return m_swap; }

    // File ▸ Compare With…: asks for the right carton (a file dialog starting in the
    // left one's folder) and opens a Compare tab in `tabs`; nullptr when cancelled.
    static ComparePage *compareWith(QTabWidget *tabs, const QString &leftPath);
    // Opens a Compare tab of these two cartons in `tabs` and makes it current.
    static ComparePage *openTab(QTabWidget *tabs, const QString &leftPath, const QString &rightPath);

signals:
    // A comparison finished (successfully or not).
    void compared();
    void displayNameChanged();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void start();
    void finished(carton::Result<carton::CartonDiff> result);
    void showSelected();

    QString m_left, m_right, m_error;
    LatestJob *m_jobs;
    CompareModel *m_model;
    QLabel *m_summary;
    QLabel *m_leftLabel;
    QLabel *m_rightLabel;
    QCheckBox *m_changesOnly;
    QPushButton *m_swap;
    QTreeView *m_tree;
    QTextBrowser *m_details;
};

} // namespace studio
