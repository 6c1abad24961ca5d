// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace carton {
class Carton;
}

namespace studio {

class TensorListModel;
class TensorViewer;

// The Tensor data tab: the tensors of tensor_data and the selected one in the
// TensorViewer (opened on a worker thread; the latest selection wins).
class TensorsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorsPage)

public:
    TensorsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent = nullptr);

    TensorListModel *listModel() const { return m_list; }
    TensorViewer *viewer() const { return m_viewer; }
    QTableView *listView() const { return m_listView; }
    // The list shows the model through this (filter by name, sort by column).
    QSortFilterProxyModel *listProxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    bool isLoading() const;

    bool revealTensor(int row);
    bool revealTensor(const QString &name);

signals:
    void valuesLoaded(const QString &name);

private:
    void currentChanged();

    std::shared_ptr<const carton::Carton> m_carton;
    TensorListModel *m_list = nullptr;
    QTableView *m_listView = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_filter = nullptr;
    TensorViewer *m_viewer = nullptr;
};

} // namespace studio
