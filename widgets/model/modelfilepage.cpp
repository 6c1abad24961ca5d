// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfilepage.h"

#include "common/elidedlabel.h"
#include "model/modelpage.h"
#include "trust/signaturerow.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

ModelFilePage::ModelFilePage(const QString &path, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_path(path), m_model(new ModelPage(path)),
      m_newCarton(new QPushButton(tr("New Carton from This Model"))), m_compare(new QPushButton(tr("Compare With…"))),
      m_signature(new SignatureRow(path, settings))
{
    m_compare->setObjectName(QStringLiteral("compareModelButton"));
    m_compare->setToolTip(tr("Review what changed between this model and another model file or carton"));
    connect(m_compare, &QPushButton::clicked, this, [this] { emit compareRequested(m_path); });
    m_newCarton->setObjectName(QStringLiteral("newCartonFromModelButton"));
    m_newCarton->setToolTip(tr("Start a new carton with this file under model/"));
    connect(m_newCarton, &QPushButton::clicked, this, [this] { emit newCartonRequested(m_path); });
    auto *name = new ElidedLabel((QFileInfo(m_path).isDir() ? tr("Model folder %1") : tr("Model file %1"))
                                     .arg(QDir::toNativeSeparators(m_path)));
    name->setElideMode(Qt::ElideMiddle);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 4, 4, 0);
    top->addWidget(name, 1);
    top->addWidget(m_compare);
    top->addWidget(m_newCarton);
    auto *signature = new QHBoxLayout;
    signature->setContentsMargins(4, 4, 4, 4);
    auto *signatureLabel = new QLabel(tr("Signature:"));
    signature->addWidget(signatureLabel, 0, Qt::AlignTop);
    signature->addWidget(m_signature, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    layout->addLayout(signature);
    layout->addWidget(m_model, 1);
}

QString ModelFilePage::displayName() const
{
    return QFileInfo(m_path).fileName();
}

} // namespace studio
