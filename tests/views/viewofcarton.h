// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "carton/cartonview.h"
#include "document/cartondocument.h"
#include "package/carton.h"

#include <memory>

// What a window's tab shows for an opened carton: its CartonDocument (as the
// session makes it) and the CartonView of that document, browsing.
class ViewOfCarton {
public:
    ViewOfCarton(std::shared_ptr<const carton::Carton> carton, QSettings *settings)
        : m_document(std::make_unique<studio::CartonDocument>(carton, carton ? carton->path() : QString())),
          m_view(std::make_unique<studio::CartonView>(m_document.get(), settings))
    {
    }
    ~ViewOfCarton()
    {
        m_view.reset(); // before its document
    }
    ViewOfCarton(const ViewOfCarton &) = delete;
    ViewOfCarton &operator=(const ViewOfCarton &) = delete;

    studio::CartonView &view() const { return *m_view; }
    studio::CartonDocument &document() const { return *m_document; }

private:
    std::unique_ptr<studio::CartonDocument> m_document;
    std::unique_ptr<studio::CartonView> m_view;
};
