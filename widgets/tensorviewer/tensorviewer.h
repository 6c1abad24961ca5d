// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "slicespec.h"
#include "tensor/tensor.h"
#include "tensor/tensorreader.h"

#include <QWidget>
#include <functional>
#include <optional>

class QLabel;
class QScrollArea;
class QStackedWidget;
class QTabWidget;
class QComboBox;
class QTableView;
class QTreeWidget;

namespace studio {

class HeatmapView;
class ImageControls;
class KernelGridPage;
class LatestJob;
class SliceControls;
class StatsPanel;
class StringTableModel;
class TensorFindBar;
class TensorTableModel;

// What an opener hands the viewer: a reader for a numeric tensor, the values of a
// string (or in-memory nested) tensor, or the inner tensors of a nested one.
struct OpenedTensor {
    struct Inner {
        QString name;
        QString dtype;
        QString shape;
    };
    carton::TensorReaderPtr reader;
    std::optional<carton::Tensor> value;
    QList<Inner> inner; // nested tensors opened through the same opener
    QString name;
    QString dtypeText; // as the file spells it ("F32"), when not the carton name
};
// Opens a tensor by name; runs on a worker thread (may block on I/O).
using TensorOpener = std::function<carton::Result<OpenedTensor>(const QString &name)>;

// The tensor viewer: any 2-D slice of a numeric tensor of any rank as a virtual
// table (cells read in blocks when painted), a heatmap, a picture (H×W×C / C×H×W), conv
// weights [out, in, k, k] as a grid of kernels (opened there; a click shows a kernel in the table)
// and statistics (whole tensor and slice), all computed in the background; string
// tensors as a table of any 2-D slice with index headers, nested tensors as a tree whose inner tensors open in a child
// viewer. Nothing is read on the GUI thread except what a copy to the clipboard
// asks for; opening another tensor cancels the work for the previous one.
class TensorViewer final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorViewer)

public:
    enum Tab { TableTab, HeatmapTab, ImageTab, StatsTab, KernelsTab };

    explicit TensorViewer(QWidget *parent = nullptr);
    ~TensorViewer() override;

    // Opens `name` through `opener` in the background ("Opening…" meanwhile).
    void open(const QString &name, TensorOpener opener);
    // Shows a numeric tensor.
    void setReader(carton::TensorReaderPtr reader);
    // Shows an in-memory tensor (numeric through a reader over its bytes; string;
    // nested, its inner tensors openable).
    void setTensor(const carton::Tensor &tensor);
    // Shows a message instead of a tensor.
    void showMessage(const QString &text);
    void clear();

    // Moves the slice and the table's current cell to the element `index` (one
    // entry per dimension); false when the index does not fit the shown tensor.
    bool selectElement(const QList<qint64> &index);
    void setSlice(const SliceSpec &slice);
    const SliceSpec &slice() const;
    void setCurrentTab(Tab tab);

    // Writes the current slice as CSV (in the background; exportFinished reports).
    void exportSliceCsv(const QString &path);
    // Writes the heatmap's image (one pixel per bin); false when there is none.
    bool exportHeatmapPng(const QString &path) const;
    // Copies the table's selection as TSV (Ctrl+C); false when nothing is selected.
    bool copySelection();

    const carton::TensorReaderPtr &reader() const { return m_reader; }
    QString tensorName() const { return m_name; }
    TensorTableModel *tableModel() const { return m_table; }
    TensorFindBar *findBar() const { return m_findBar; }
    QTableView *tableView() const { return m_tableView; }
    HeatmapView *heatmapView() const { return m_heatmap; }
    StatsPanel *statsPanel() const { return m_stats; }
    SliceControls *sliceControls() const { return m_controls; }
    QTabWidget *tabs() const { return m_tabs; }
    const QImage &image() const;
    QLabel *imageLabel() const { return m_imageLabel; }
    ImageControls *imageControls() const { return m_imageControls; }
    KernelGridPage *kernelGrid() const { return m_kernels; }
    StringTableModel *stringModel() const { return m_strings; }
    QTableView *stringView() const { return m_stringView; }
    QTreeWidget *nestedTree() const { return m_nestedTree; }
    TensorViewer *innerViewer() const { return m_innerViewer; }
    QString headerText() const;
    bool isOpening() const;

signals:
    // A tensor (numeric, string or nested) is shown.
    void tensorShown(const QString &name);
    void openFailed(const QString &message);
    void heatmapReady();
    void imageReady();
    void exportFinished(const QString &path, const QString &error);
    // The shown slice changed (by the user or setSlice), for views kept in step.
    void sliceSpecChanged(const studio::SliceSpec &slice);

private:
    void showOpened(const QString &name, const carton::Result<OpenedTensor> &opened);
    void sliceChanged(const SliceSpec &slice);
    void tabChanged();
    void refreshHeatmap();
    void refreshImage();
    void showNested(const QList<OpenedTensor::Inner> &inner);
    void setHeader(const QString &name, const QString &dtype, const QList<qint64> &shape);
    void exportCsvInteractive();
    // One row per line, fixed row height, Copy as TSV (Ctrl+C): the numeric and the string table.
    void setUpValueTable(QTableView *view);
    void fitStringColumns();
    void exportPngInteractive();

    LatestJob *m_jobs = nullptr;
    carton::TensorReaderPtr m_reader;
    QString m_name;
    TensorOpener m_opener;
    std::optional<carton::Tensor> m_memory; // an in-memory nested tensor
    bool m_heatmapStale = false;
    bool m_imageStale = false;
    int m_tabByDefault = -1; // the tab chosen by what the tensor is (Image: a picture, Kernels: conv weights)

    QLabel *m_header = nullptr;
    SliceControls *m_controls = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_message = nullptr;
    QTabWidget *m_tabs = nullptr;
    TensorTableModel *m_table = nullptr;
    QTableView *m_tableView = nullptr;
    TensorFindBar *m_findBar = nullptr;
    HeatmapView *m_heatmap = nullptr;
    QComboBox *m_scale = nullptr;
    QLabel *m_imageLabel = nullptr;
    ImageControls *m_imageControls = nullptr;
    KernelGridPage *m_kernels = nullptr;
    QImage m_image;
    StatsPanel *m_stats = nullptr;
    QTableView *m_stringView = nullptr;
    StringTableModel *m_strings = nullptr;
    QTreeWidget *m_nestedTree = nullptr;
    TensorViewer *m_innerViewer = nullptr;
};

} // namespace studio
