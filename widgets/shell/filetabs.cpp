// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filetabs.h"

#include "cartontabs.h"
#include "model/classifypath.h"
#include "model/hfmodelinfo.h"
#include "model/modelfilepage.h"
#include "tensors/tensorfilepage.h"

#include <QDir>

namespace studio {

FileTabs::FileTabs(CartonTabs *tabs, QSettings *settings, QObject *parent)
    : QObject(parent), m_tabs(tabs), m_settings(settings)
{
}

FileTabs::Kind FileTabs::kindOf(const QString &path)
{
    const carton::Result<carton::OpenKind> kind = carton::classifyPath(path);
    if (!kind)
        return Kind::None; // opened as a carton, whose page shows why it cannot be read
    if (carton::tensorFileKindOf(*kind))
        return Kind::TensorFile;
    if (*kind == carton::OpenKind::ModelFolder && carton::isHfModelFolder(path))
        return Kind::ModelFile; // a Hugging Face model folder: the Model view of its weights, config, tokenizer, card
    return carton::modelFormatOf(*kind) ? Kind::ModelFile : Kind::None;
}

QWidget *FileTabs::open(const QString &cleanPath, Kind kind)
{
    QWidget *page = nullptr;
    QString name;
    if (kind == Kind::TensorFile) {
        if (auto *existing = m_tabs->findTab<TensorFilePage>(cleanPath)) {
            m_tabs->setCurrentWidget(existing);
            return existing;
        }
        auto *tensors = new TensorFilePage(cleanPath, m_tabs);
        name = tensors->displayName();
        page = tensors;
    } else if (kind == Kind::ModelFile) {
        if (auto *existing = m_tabs->findTab<ModelFilePage>(cleanPath)) {
            m_tabs->setCurrentWidget(existing);
            return existing;
        }
        auto *model = new ModelFilePage(cleanPath, m_settings, m_tabs);
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
