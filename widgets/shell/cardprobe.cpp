// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cardprobe.h"

#include "carton/cartonview.h"
#include "cartonpage.h"
#include "mainwindow.h"
#include "model/modelfilepage.h"
#include "model/modelpage.h"
#include "tensors/tensorfilepage.h"

namespace studio {

CardProbe::CardProbe(MainWindow *window, QObject *parent) : QObject(parent), m_window(window)
{
    m_timer.setInterval(2);
    connect(&m_timer, &QTimer::timeout, this, &CardProbe::poll);
}

void CardProbe::start()
{
    m_timer.start();
}

void CardProbe::poll()
{
    if (!m_window) {
        m_timer.stop();
        emit failed(tr("The window is gone."));
        return;
    }
    CartonPage *page = m_window->page(0);
    // A bare model file opens in a tab of its own: its card is the Model page, shown once read.
    if (auto *modelFile = qobject_cast<ModelFilePage *>(m_window->tabWidget()->widget(0))) {
        if (!modelFile->isVisible() || !modelFile->modelPage()->isLoaded())
            return;
        m_timer.stop();
        m_window->repaint();
        emit cardShown(modelFile->path());
        return;
    }
    if (auto *tensorFile = qobject_cast<TensorFilePage *>(m_window->tabWidget()->widget(0))) {
        if (!tensorFile->isVisible())
            return;
        m_timer.stop();
        m_window->repaint();
        emit cardShown(tensorFile->path());
        return;
    }
    if (!page) {
        if (m_window->isVisible() && m_window->pageCount() == 0) {
            m_timer.stop();
            emit failed(tr("No carton was given."));
        }
        return;
    }
    if (page->state() == CartonSession::State::Failed) {
        m_timer.stop();
        emit failed(page->errorMessage());
        return;
    }
    if (page->state() != CartonSession::State::Open || !page->view() || !page->view()->isVisible())
        return;
    m_timer.stop();
    m_window->repaint(); // paint now, synchronously: the card is on screen
    emit cardShown(page->path());
}

} // namespace studio
