// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphreviewview.h"

#include "graphreviewstyle.h"
#include "model/modelgraphview.h"
#include "model/modelset.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

using namespace carton;

namespace {

constexpr NodeStatus kStatuses[] = {NodeStatus::Added, NodeStatus::Removed, NodeStatus::Changed, NodeStatus::Unchanged};

// A small node as the graph draws one of `status`: fill, outline and tag.
QPixmap swatch(NodeStatus status, const QWidget &widget)
{
    const GraphDecorator::Look look = GraphReviewStyle::statusLook(status);
    const qreal ratio = widget.devicePixelRatioF();
    const QSize size(34, 18);
    QPixmap pixmap(size * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setOpacity(look.opacity);
    QPen pen = look.outline.value_or(QPen(QColor(0x4a, 0x4a, 0x4a).darker(130)));
    pen.setWidthF(std::min(pen.widthF(), 2.0));
    p.setPen(pen);
    p.setBrush(look.fill.isValid() ? look.fill : QColor(0x4a, 0x4a, 0x4a));
    p.drawRoundedRect(QRectF(1.5, 1.5, size.width() - 3, size.height() - 3), 3, 3);
    QFont bold = widget.font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(look.title.isValid() ? look.title : QColor(Qt::white));
    p.drawText(QRectF(0, 0, size.width(), size.height()), Qt::AlignCenter, look.badge);
    return pixmap;
}

QString nodeName(const OnnxInfo &graph, int n)
{
    const OnnxNode &node = graph.nodes.at(n);
    return node.name.isEmpty() ? node.opType : node.name;
}

} // namespace

GraphReviewView::GraphReviewView(QWidget *parent)
    : QWidget(parent), m_graphs(new QComboBox), m_position(new QLabel), m_previous(new QToolButton),
      m_next(new QToolButton), m_previousAction(new QAction(tr("Previous Change"), this)),
      m_nextAction(new QAction(tr("Next Change"), this)), m_view(new ModelGraphView)
{
    setObjectName(QStringLiteral("graphReview"));
    m_graphs->setObjectName(QStringLiteral("graphReviewFiles"));
    m_graphs->hide();
    connect(m_graphs, &QComboBox::activated, this, &GraphReviewView::showGraph);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_graphs);
    for (NodeStatus status : kStatuses) {
        auto *mark = new QLabel;
        mark->setPixmap(swatch(status, *this));
        auto *count = new QLabel;
        count->setObjectName(QStringLiteral("graphReviewLegend_%1").arg(int(status)));
        m_legend[int(status)] = count;
        bar->addWidget(mark);
        bar->addWidget(count);
        bar->addSpacing(8);
    }
    bar->addStretch(1);
    m_previousAction->setObjectName(QStringLiteral("actionPreviousChange"));
    m_previousAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    m_previousAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_previousAction->setToolTip(tr("Select the previous change (Shift+F8)"));
    m_nextAction->setObjectName(QStringLiteral("actionNextChange"));
    m_nextAction->setShortcut(QKeySequence(Qt::Key_F8));
    m_nextAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_nextAction->setToolTip(tr("Select the next change (F8)"));
    connect(m_previousAction, &QAction::triggered, this, &GraphReviewView::previousChange);
    connect(m_nextAction, &QAction::triggered, this, &GraphReviewView::nextChange);
    addActions({m_previousAction, m_nextAction});
    m_previous->setDefaultAction(m_previousAction);
    m_next->setDefaultAction(m_nextAction);
    for (QToolButton *b : {m_previous, m_next})
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_position->setObjectName(QStringLiteral("graphReviewPosition"));
    bar->addWidget(m_position);
    bar->addWidget(m_previous);
    bar->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    // Two columns in the properties pane: it gets more room than in the Model tab.
    if (auto *split = qobject_cast<QSplitter *>(m_view->properties()->parentWidget()))
        split->setSizes({1800, 1200});
    connect(m_view, &ModelGraphView::laidOut, this, &GraphReviewView::afterLayout);
    connect(m_view, &ModelGraphView::weightActivated, this, [this](const QString &name) {
        emit weightActivated(m_review && !m_review->modelsB.isBareFile() ? m_entryB + u':' + name : name);
    });
    setReview(nullptr);
}

GraphReviewView::~GraphReviewView() = default;

QLabel *GraphReviewView::legendLabel(NodeStatus status) const
{
    return m_legend[int(status)];
}

void GraphReviewView::setReview(std::shared_ptr<const ModelReview> review)
{
    m_review = std::move(review);
    m_graphs->clear();
    const int graphs = m_review ? int(m_review->model.graphs.size()) : 0;
    for (int i = 0; i < graphs; ++i) {
        const ModelGraphDiff &g = m_review->model.graphs.at(i);
        m_graphs->addItem(g.entryA == g.entryB ? g.entryA : g.entryA + QStringLiteral(" ↔ ") + g.entryB);
    }
    m_graphs->setVisible(graphs > 1);
    m_index = -1;
    if (!showGraph(0)) {
        m_overlay.reset();
        m_changes.clear();
        m_current = -1;
        m_view->setDecorator(nullptr);
        m_view->setGraph(nullptr, nullptr);
        for (QLabel *l : m_legend)
            l->clear();
        showPosition();
    }
}

bool GraphReviewView::showGraph(int index)
{
    if (!m_review || index < 0 || index >= m_review->model.graphs.size())
        return false;
    const ModelGraphDiff &g = m_review->model.graphs.at(index);
    const auto entry = [](const ModelSet &set, const QString &path) -> ModelFilePtr {
        for (const ModelEntry &e : set.entries())
            if (e.path == path && e.model)
                return e.model;
        return nullptr;
    };
    const ModelFilePtr a = entry(m_review->modelsA, g.entryA), b = entry(m_review->modelsB, g.entryB);
    if (!a || !b || !g.graphA || !g.graphB)
        return false;
    m_index = index;
    m_graphs->setCurrentIndex(index);
    m_entryB = g.entryB;
    auto overlay = std::make_shared<GraphOverlay>(overlayGraphs(g.graphA, g.graphB, g.graph));
    // The weight changes by each weight's own name in A's file.
    QHash<QString, WeightDiff> weights;
    for (const WeightDiff &w : m_review->model.weights)
        if (const auto ref = m_review->modelsA.resolve(w.nameA); ref && ref->entry && ref->entry->path == g.entryA)
            weights.insert(ref->weight, w);
    m_overlay = overlay;
    m_view->setDecorator(std::make_shared<GraphReviewStyle>(overlay, g.graph, std::move(weights), a, b));
    m_changes.clear();
    m_current = -1;
    m_pendingNode = -1;
    const GraphOverlay::Level *level = overlay->of(overlay->graph.get());
    for (qsizetype n = 0; level && n < level->nodes.size(); ++n)
        if (level->nodes.at(n).status != NodeStatus::Unchanged || level->nodes.at(n).changesInside > 0)
            m_changes.append(int(n));
    for (NodeStatus status : kStatuses)
        m_legend[int(status)]->setText(
            QStringLiteral("%1 %2").arg(overlay->count(status)).arg(GraphReviewStyle::statusName(status)));
    m_legend[int(NodeStatus::Unchanged)]->setToolTip(tr("Unchanged nodes are dimmed"));
    showPosition();
    m_view->setGraph(b, overlay->graph);
    return true;
}

void GraphReviewView::afterLayout()
{
    if (!m_overlay || m_view->graph() != m_overlay->graph)
        return; // inside a body: the changes walked are the main graph's
    // Top to bottom (left to right) as laid out; the members of one scope box together.
    const bool across = m_view->isHorizontal();
    const int current = m_current >= 0 && m_current < m_changes.size() ? m_changes.at(m_current) : -1;
    std::stable_sort(m_changes.begin(), m_changes.end(), [&](int x, int y) {
        const QRectF rx = m_view->vertexRect(m_view->vertexOfNode(x)), ry = m_view->vertexRect(m_view->vertexOfNode(y));
        const auto key = [across](const QRectF &r) {
            return across ? std::pair(r.left(), r.top()) : std::pair(r.top(), r.left());
        };
        return key(rx) < key(ry);
    });
    m_current = int(m_changes.indexOf(current));
    if (m_pendingNode >= 0)
        select(std::exchange(m_pendingNode, -1));
    showPosition();
    emit laidOut();
}

bool GraphReviewView::goToChange(int index)
{
    if (index < 0 || index >= m_changes.size())
        return false;
    m_current = index;
    showPosition();
    select(m_changes.at(index));
    emit changeWalked(m_changes.at(index));
    return true;
}

int GraphReviewView::nodeOfChange(ChangeKind kind, const GraphNodeRef &ref) const
{
    const GraphOverlay::Level *level = m_overlay ? m_overlay->of(m_overlay->graph.get()) : nullptr;
    if (!level)
        return -1;
    int holder = -1;
    qsizetype longest = 0;
    for (qsizetype n = 0; n < level->nodes.size(); ++n) {
        const GraphOverlay::Node &node = level->nodes.at(n);
        if (ref.body.isEmpty()) {
            const bool removed = kind == ChangeKind::Removed;
            const NodeStatus status = removed                     ? NodeStatus::Removed
                                      : kind == ChangeKind::Added ? NodeStatus::Added
                                                                  : NodeStatus::Changed;
            if (node.status == status && (removed ? node.a : node.b) == ref.index)
                return int(n);
            continue;
        }
        // A body's nodes are named "Holder/attribute/…" after the node holding it (on either side).
        for (const auto &[graph, index] : {std::pair{level->b.get(), node.b}, std::pair{level->a.get(), node.a}}) {
            if (!graph || index < 0 || index >= graph->nodes.size())
                continue;
            const QString prefix = graphNodeName(*graph, index) + u'/';
            if (prefix.size() > longest && ref.body.startsWith(prefix)) {
                holder = int(n);
                longest = prefix.size();
            }
        }
    }
    return holder;
}

bool GraphReviewView::selectChange(int graph, ChangeKind kind, const GraphNodeRef &ref)
{
    if (graph != m_index && !showGraph(graph))
        return false;
    const int node = nodeOfChange(kind, ref);
    if (node < 0)
        return false;
    m_current = int(m_changes.indexOf(node));
    showPosition();
    select(node);
    return true;
}

int GraphReviewView::selectWeight(const QString &listedNameB, const QString &listedNameA)
{
    if (!m_review)
        return -1;
    const auto refB = listedNameB.isEmpty() ? std::nullopt : m_review->modelsB.resolve(listedNameB);
    const auto refA = listedNameA.isEmpty() ? std::nullopt : m_review->modelsA.resolve(listedNameA);
    for (int g = 0; g < m_review->model.graphs.size(); ++g) {
        const ModelGraphDiff &pair = m_review->model.graphs.at(g);
        // B's weight by its name in B's file; a removed one as its ghost's input.
        QString input;
        if (refB && refB->entry && refB->entry->path == pair.entryB)
            input = refB->weight;
        else if (refA && refA->entry && refA->entry->path == pair.entryA)
            input = GraphOverlay::kGhostPrefix + refA->weight;
        if (input.isEmpty() || (g != m_index && !showGraph(g)))
            continue;
        const QList<OnnxNode> &nodes = m_overlay->graph->nodes;
        for (qsizetype n = 0; n < nodes.size(); ++n) {
            if (!nodes.at(n).inputs.contains(input) &&
                !(refA && nodes.at(n).inputs.contains(refA->weight) && input.startsWith(GraphOverlay::kGhostPrefix)))
                continue;
            m_current = int(m_changes.indexOf(int(n)));
            showPosition();
            select(int(n));
            return int(n);
        }
    }
    return -1;
}

bool GraphReviewView::nextChange()
{
    if (m_changes.isEmpty())
        return false;
    return goToChange(m_current < 0 ? 0 : int((m_current + 1) % m_changes.size()));
}

bool GraphReviewView::previousChange()
{
    if (m_changes.isEmpty())
        return false;
    return goToChange(m_current <= 0 ? int(m_changes.size() - 1) : m_current - 1);
}

void GraphReviewView::select(int node)
{
    if (!m_overlay)
        return;
    if (m_view->graph() != m_overlay->graph) { // back to the main graph first
        m_pendingNode = node;
        m_view->showDepth(0);
        return;
    }
    if (!m_view->isLaidOut()) {
        m_pendingNode = node;
        return;
    }
    const int vertex = m_view->vertexOfNode(node);
    if (const QString scope = m_view->collapsedScope(vertex); !scope.isEmpty()) {
        m_pendingNode = node; // opened, laid out again, then selected
        m_view->expandScope(scope);
        return;
    }
    m_view->selectVertex(vertex);
}

void GraphReviewView::showPosition()
{
    const bool any = !m_changes.isEmpty();
    m_previousAction->setEnabled(any);
    m_nextAction->setEnabled(any);
    if (!any) {
        m_position->setText(m_overlay ? tr("No changes") : QString());
        return;
    }
    if (m_current < 0) {
        m_position->setText(tr("%n change(s)", nullptr, int(m_changes.size())));
        return;
    }
    const int node = m_changes.at(m_current);
    m_position->setText(
        tr("Change %1 of %2: %3")
            .arg(m_current + 1)
            .arg(m_changes.size())
            .arg(m_position->fontMetrics().elidedText(nodeName(*m_overlay->graph, node), Qt::ElideMiddle, 320)));
}

} // namespace studio
