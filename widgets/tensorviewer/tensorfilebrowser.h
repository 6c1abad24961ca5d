// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "tensorfilemodel.h"

#include <QWidget>
#include <functional>

class QLabel;
class QSplitter;
class QTableView;
class QTreeWidget;

namespace studio {

class LatestJob;
class TensorViewer;

// A read-only browser of one tensor file, a .safetensors (its tensors and its
// __metadata__) or a .npy (its one array): only the header is read to list it, and
// the selected tensor's bytes when the TensorViewer shows it. Used for a
// .safetensors inside a carton (Files tab) and for a standalone file (its own tab).
class TensorFileBrowser final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorFileBrowser)

public:
    // Opens the bytes (on a worker thread; may start decoding a compressed entry).
    using BytesOpener = std::function<carton::Result<carton::ByteSourcePtr>()>;

    explicit TensorFileBrowser(QWidget *parent = nullptr);
    ~TensorFileBrowser() override;

    // A file on disk.
    void openFile(const QString &diskPath);
    // Any bytes; `name` says what they are (a .npy when it ends with .npy, a
    // .safetensors otherwise) and names them in messages.
    void open(const QString &name, BytesOpener bytes);
    void clear();

    bool isLoading() const;
    QString name() const { return m_name; }
    QString error() const { return m_error; }
    TensorFileModel *model() const { return m_model; }
    QTableView *listView() const { return m_list; }
    QTreeWidget *metadataView() const { return m_metadata; }
    TensorViewer *viewer() const { return m_viewer; }
    // The line above the listing: the file's summary, or its error (with an error icon).
    QLabel *headerLabel() const { return m_header; }
    QLabel *headerIcon() const { return m_headerIcon; }
    // Selects a listed tensor (it opens in the viewer); false when not listed.
    bool selectTensor(const QString &name);

signals:
    // The listing is there (error empty) or failed.
    void loaded(const QString &error);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void currentChanged();
    void showError(const QString &error);
    void updateIcon();
    // Gives the listing the height of its rows (at most 3/5 of the height: the
    // viewer keeps the rest), until the user moves the splitter.
    void fitListing();

    LatestJob *m_jobs = nullptr;
    QString m_name;
    QString m_error;
    std::function<void(const QString &)> m_openSelected;
    QLabel *m_header = nullptr;
    QLabel *m_headerIcon = nullptr;
    QSplitter *m_splitter = nullptr;
    bool m_userSized = false;
    TensorFileModel *m_model = nullptr;
    QTableView *m_list = nullptr;
    QTreeWidget *m_metadata = nullptr;
    TensorViewer *m_viewer = nullptr;
};

} // namespace studio
