// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filetabs.h"

#include "model/modelfile.h"
#include "modelfilepage.h"
#include "tensorfilebrowser.h"
#include "tensorfilepage.h"

#include <QDir>
#include <QFileInfo>
#include <QTabWidget>

namespace studio {

namespace {

template <typename Page>
Page *findTab(QTabWidget *tabs, const QString &path)
{
    for (int i = 0; i < tabs->count(); ++i) {
        if (auto *p = qobject_cast<Page *>(tabs->widget(i)); p && p->path() == path) {
            tabs->setCurrentIndex(i);
            return p;
        }
    }
    return nullptr;
}

} // namespace

FileTabs::FileTabs(QTabWidget *tabs, QObject *parent) : QObject(parent), m_tabs(tabs) {}

FileTabs::Kind FileTabs::kindOf(const QString &path)
{
    if (!QFileInfo(path).isFile())
        return Kind::None;
    if (TensorFileBrowser::handlesFile(path))
        return Kind::TensorFile;
    const std::optional<carton::ModelFormat> format = ModelFilePage::detect(path);
    if (!format)
        return Kind::None;
    return *format == carton::ModelFormat::Safetensors ? Kind::TensorFile : Kind::ModelFile;
}

QWidget *FileTabs::open(const QString &cleanPath, Kind kind)
{
    QWidget *page = nullptr;
    QString name;
    if (kind == Kind::TensorFile) {
        if (auto *existing = findTab<TensorFilePage>(m_tabs, cleanPath))
            return existing;
        auto *tensors = new TensorFilePage(cleanPath, m_tabs);
        name = tensors->displayName();
        page = tensors;
    } else if (kind == Kind::ModelFile) {
        if (auto *existing = findTab<ModelFilePage>(m_tabs, cleanPath))
            return existing;
        auto *model = new ModelFilePage(cleanPath, m_tabs);
        connect(model, &ModelFilePage::newCartonRequested, this, &FileTabs::newCartonRequested);
        connect(model, &ModelFilePage::compareRequested, this, &FileTabs::compareRequested);
        name = model->displayName();
        page = model;
    } else {
        return nullptr;
    }
    const int index = m_tabs->addTab(page, name);
    m_tabs->setTabToolTip(index, QDir::toNativeSeparators(cleanPath));
    m_tabs->setCurrentIndex(index);
    emit added(page, cleanPath, name);
    return page;
}

} // namespace studio
