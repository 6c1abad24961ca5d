// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QTabWidget>

class QMenu;

namespace studio {

class CartonPage;
class DocumentActions;

// The main window's tabs, one per carton (CartonPage) or file: names elided at
// the end, never below a readable minimum (about a dozen characters; scroll
// buttons appear instead), closable and movable. A carton's tab shows its name
// (with " *" while modified), its state's icon and its path and state as the
// tooltip. Closing a page with unsaved edits asks (DocumentActions) first.
class CartonTabs final : public QTabWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonTabs)
public:
    explicit CartonTabs(QWidget *parent = nullptr);

    void setDocumentActions(DocumentActions *documents) { m_documents = documents; }

    CartonPage *page(int index) const;
    CartonPage *currentPage() const;
    // The tab of type `Page` (CartonPage, TensorFilePage, ModelFilePage: each has
    // path()) showing `cleanPath` (absolute and clean), if open: the one lookup for
    // cartons and files.
    template <typename Page>
    Page *findTab(const QString &cleanPath) const
    {
        for (int i = 0; i < count(); ++i) {
            if (auto *p = qobject_cast<Page *>(widget(i)); p && p->path() == cleanPath)
                return p;
        }
        return nullptr;
    }
    // Some page is opening, validating or verifying.
    bool isBusy() const;
    // Adds `page` as a tab (named after it) and makes it current.
    void addPage(CartonPage *page);
    // The tab of `page` follows its name, modified mark and state.
    void updateTab(CartonPage *page);

    // Closes tab `index`: a page with unsaved edits asks first (and closes once
    // saved); other tabs (tensor files, comparisons) close at once.
    void closePage(int index);
    // Closes every tab but `index` / every tab right of `index`.
    void closeOtherPages(int index);
    void closePagesToTheRight(int index);
    // The context menu of tab `index` (Copy Path, Show in Folder, Close, Close
    // Others, Close Tabs to the Right), parented to `parent`; the caller shows
    // and deletes it.
    QMenu *createContextMenu(int index, QWidget *parent);

    // Characters of a name a tab keeps at least before it scrolls.
    static constexpr int minimumVisibleCharacters = 14;

signals:
    // A tab was closed (removed; its page is deleted later).
    void pageClosed();

private:
    void removePage(CartonPage *page);

    DocumentActions *m_documents = nullptr;
};

} // namespace studio
