// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace carton {
class Carton;
}

namespace studio {

class TensorListModel;
class TensorValuesModel;

// The Tensor data tab: the tensors of tensor_data and a basic value table of the
// selected one, loaded on a worker thread (latest selection wins).
class TensorsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorsPage)

public:
    TensorsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent = nullptr);

    TensorListModel *listModel() const { return m_list; }
    TensorValuesModel *valuesModel() const { return m_values; }
    QTableView *listView() const { return m_listView; }
    // The list shows the model through this (filter by name, sort by column).
    QSortFilterProxyModel *listProxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTableView *valuesView() const { return m_valuesView; }
    bool isLoading() const { return m_loading; }

    bool revealTensor(int row);
    bool revealTensor(const QString &name);

signals:
    void valuesLoaded(const QString &name);

private:
    void currentChanged();
    void fitValueColumns();

    std::shared_ptr<const carton::Carton> m_carton;
    TensorListModel *m_list = nullptr;
    TensorValuesModel *m_values = nullptr;
    QTableView *m_listView = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_valuesView = nullptr;
    QLabel *m_valuesLabel = nullptr;
    quint64 m_generation = 0;
    bool m_loading = false;
};

} // namespace studio
