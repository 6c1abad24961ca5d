// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The TorchScript graph builder's values (torchscriptbuilder_p.h): their text, equality
// and truth, operators computed on values known now, and the operators' argument names.
#include "model/torchscriptbuilder_p.h"

#include <QLocale>
#include <cmath>

namespace carton {

using VK = TsVal::Kind;

namespace {

// The argument names of the operators models use most (torch's schemas, the first
// overload): "conv2d(input,weight,...)".
const char kSchemas[] =
    "conv1d(input,weight,bias,stride,padding,dilation,groups) conv2d(input,weight,bias,stride,padding,dilation,groups) "
    "conv3d(input,weight,bias,stride,padding,dilation,groups) "
    "conv_transpose1d(input,weight,bias,stride,padding,output_padding,groups,dilation) "
    "conv_transpose2d(input,weight,bias,stride,padding,output_padding,groups,dilation) "
    "conv_transpose3d(input,weight,bias,stride,padding,output_padding,groups,dilation) "
    "_convolution(input,weight,bias,stride,padding,dilation,transposed,output_padding,groups,benchmark,deterministic,"
    "cudnn_enabled,allow_tf32) "
    "convolution(input,weight,bias,stride,padding,dilation,transposed,output_padding,groups) "
    "batch_norm(input,weight,bias,running_mean,running_var,training,momentum,eps,cudnn_enabled) "
    "instance_norm(input,weight,bias,running_mean,running_var,use_input_stats,momentum,eps,cudnn_enabled) "
    "layer_norm(input,normalized_shape,weight,bias,eps,cudnn_enable) "
    "group_norm(input,num_groups,weight,bias,eps,cudnn_enabled) linear(input,weight,bias) matmul(self,other) "
    "mm(self,mat2) bmm(self,mat2) addmm(self,mat1,mat2,beta,alpha) baddbmm(self,batch1,batch2,beta,alpha) "
    "relu(self) relu_(self) gelu(self,approximate) silu(self) silu_(self) sigmoid(self) tanh(self) "
    "hardtanh(self,min_val,max_val) hardtanh_(self,min_val,max_val) hardswish(self) hardswish_(self) "
    "hardsigmoid(self) hardsigmoid_(self) leaky_relu(self,negative_slope) leaky_relu_(self,negative_slope) "
    "elu(self,alpha,scale,input_scale) softmax(self,dim,dtype) log_softmax(self,dim,dtype) dropout(input,p,train) "
    "dropout_(self,p,train) feature_dropout(input,p,train) "
    "max_pool1d(self,kernel_size,stride,padding,dilation,ceil_mode) "
    "max_pool2d(self,kernel_size,stride,padding,dilation,ceil_mode) "
    "max_pool3d(self,kernel_size,stride,padding,dilation,ceil_mode) "
    "avg_pool1d(self,kernel_size,stride,padding,ceil_mode,count_include_pad) "
    "avg_pool2d(self,kernel_size,stride,padding,ceil_mode,count_include_pad,divisor_override) "
    "avg_pool3d(self,kernel_size,stride,padding,ceil_mode,count_include_pad,divisor_override) "
    "adaptive_avg_pool1d(self,output_size) adaptive_avg_pool2d(self,output_size) "
    "adaptive_avg_pool3d(self,output_size) adaptive_max_pool2d(self,output_size) add(self,other,alpha) "
    "add_(self,other,alpha) sub(self,other,alpha) sub_(self,other,alpha) mul(self,other) mul_(self,other) "
    "div(self,other) div_(self,other) flatten(self,start_dim,end_dim) reshape(self,shape) view(self,size) "
    "permute(self,dims) transpose(self,dim0,dim1) contiguous(self,memory_format) cat(tensors,dim) "
    "stack(tensors,dim) split(self,split_size,dim) chunk(self,chunks,dim) squeeze(self,dim) unsqueeze(self,dim) "
    "mean(self,dim,keepdim,dtype) sum(self,dim,keepdim,dtype) size(self,dim) dim(self) select(self,dim,index) "
    "slice(self,dim,start,end,step) embedding(weight,indices,padding_idx,scale_grad_by_freq,sparse) "
    "upsample_nearest2d(self,output_size,scales_h,scales_w) "
    "upsample_bilinear2d(self,output_size,align_corners,scales_h,scales_w) pad(self,pad,mode,value) "
    "constant_pad_nd(self,pad,value) roll(self,shifts,dims) expand(self,size,implicit) repeat(self,repeats) "
    "clone(self,memory_format) softplus(self,beta,threshold) clamp(self,min,max) clamp_(self,min,max) "
    "pow(self,exponent) sqrt(self) rsqrt(self) exp(self) log(self) neg(self) abs(self) norm(self,p) "
    "scaled_dot_product_attention(query,key,value,attn_mask,dropout_p,is_causal) "
    "_native_multi_head_attention(query,key,value,embed_dim,num_head,qkv_weight,qkv_bias,proj_weight,proj_bias,"
    "mask,need_weights,average_attn_weights,mask_type) "
    "zeros(size,dtype,layout,device,pin_memory) ones(size,dtype,layout,device,pin_memory) "
    "to(self,dtype,non_blocking,copy,memory_format) t(self) eq(self,other) ne(self,other) lt(self,other) "
    "gt(self,other) le(self,other) ge(self,other) len(a) __getitem__(list,idx)";

} // namespace

bool TsVal::truth() const
{
    const TsVal &v = *this;
    switch (v.kind) {
    case VK::None:
    case VK::Undefined:
        return false;
    case VK::Bool:
    case VK::Int:
        return v.i != 0;
    case VK::Float:
        return v.f != 0;
    case VK::Str:
        return !v.s.isEmpty();
    case VK::List:
    case VK::Tuple:
    case VK::Dict:
        return !v.items.empty();
    default:
        return true;
    }
}

bool TsVal::isStatic() const
{
    switch (kind) {
    case Kind::Dynamic:
    case Kind::Tensor:
        return false;
    case Kind::Method:
        return items.empty();
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
        return std::all_of(items.cbegin(), items.cend(), [](const TsVal &v) { return v.isStatic(); });
    default:
        return true;
    }
}

QString TsVal::text() const
{
    const auto join = [this](QChar open, QChar close) -> QString {
        QStringList parts;
        for (size_t k = 0; k < items.size(); ++k)
            parts.append(kind == Kind::Dict && k % 2 == 0 ? items[k].text() + u':' : items[k].text());
        QString out = parts.join(QStringLiteral(", "));
        if (kind == Kind::Dict)
            out.replace(QStringLiteral(":, "), QStringLiteral(": "));
        return open + out + (kind == Kind::Tuple && items.size() == 1 ? QStringLiteral(",") : QString()) + close;
    };
    switch (kind) {
    case Kind::Undefined:
        return QStringLiteral("uninitialized");
    case Kind::None:
        return QStringLiteral("None");
    case Kind::Bool:
        return i ? QStringLiteral("True") : QStringLiteral("False");
    case Kind::Int:
        return QString::number(i);
    case Kind::Float: {
        QString t = QString::number(f, 'g', QLocale::FloatingPointShortest);
        if (!t.contains(u'.') && !t.contains(u'e') && !t.contains(u'n') && !t.contains(u'i'))
            t += QStringLiteral(".");
        return t;
    }
    case Kind::Str:
        return u'"' + s + u'"';
    case Kind::List:
        return join(u'[', u']');
    case Kind::Tuple:
        return join(u'(', u')');
    case Kind::Dict:
        return join(u'{', u'}');
    case Kind::Module:
        return path.isEmpty() ? QStringLiteral("self") : path;
    default:
        return s;
    }
}

bool TsVal::same(const TsVal &o) const
{
    if (kind != o.kind)
        return false;
    switch (kind) {
    case Kind::Undefined:
    case Kind::None:
        return true;
    case Kind::Bool:
    case Kind::Int:
        return i == o.i;
    case Kind::Float:
        return f == o.f;
    case Kind::Module:
        return object == o.object;
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
    case Kind::Method:
        if (items.size() != o.items.size() || s != o.s || object != o.object)
            return false;
        for (size_t k = 0; k < items.size(); ++k)
            if (!items[k].same(o.items[k]))
                return false;
        return true;
    default:
        return s == o.s;
    }
}

// An operator on values known now, computed; nullopt when it is not one of these.
std::optional<TsVal> tsFold(const QString &kind, const std::vector<TsVal> &a)
{
    const QString op = kind.mid(6); // after "aten::"
    if (!kind.startsWith(QStringLiteral("aten::")))
        return std::nullopt;
    if (a.size() == 2) {
        const TsVal &x = a[0], &y = a[1];
        if (op == u"__is__" || op == u"__isnot__")
            return TsVal::boolean(x.same(y) == (op == u"__is__"));
        if (x.isNumber() && y.isNumber()) {
            const bool ints = x.kind != VK::Float && y.kind != VK::Float;
            const double p = x.number(), q = y.number();
            if (op == u"eq")
                return TsVal::boolean(p == q);
            if (op == u"ne")
                return TsVal::boolean(p != q);
            if (op == u"lt")
                return TsVal::boolean(p < q);
            if (op == u"gt")
                return TsVal::boolean(p > q);
            if (op == u"le")
                return TsVal::boolean(p <= q);
            if (op == u"ge")
                return TsVal::boolean(p >= q);
            if (op == u"add")
                return ints ? TsVal::integer(x.i + y.i) : TsVal::real(p + q);
            if (op == u"sub")
                return ints ? TsVal::integer(x.i - y.i) : TsVal::real(p - q);
            if (op == u"mul")
                return ints ? TsVal::integer(x.i * y.i) : TsVal::real(p * q);
            if (op == u"div" && q != 0)
                return TsVal::real(p / q);
            if (op == u"floordiv" && q != 0)
                return ints ? TsVal::integer(qint64(std::floor(p / q))) : TsVal::real(std::floor(p / q));
            if (op == u"__and__" && ints)
                return x.kind == VK::Bool ? TsVal::boolean(x.i & y.i) : TsVal::integer(x.i & y.i);
            if (op == u"__or__" && ints)
                return x.kind == VK::Bool ? TsVal::boolean(x.i | y.i) : TsVal::integer(x.i | y.i);
        }
        if (op == u"eq" || op == u"ne")
            if ((x.kind == VK::Str && y.kind == VK::Str) || x.kind == VK::None || y.kind == VK::None)
                return TsVal::boolean(x.same(y) == (op == u"eq"));
        if (op == u"add" && x.kind == VK::Str && y.kind == VK::Str)
            return TsVal::str(x.s + y.s);
        if (op == u"add" && x.kind == VK::List && y.kind == VK::List) {
            std::vector<TsVal> items = x.items;
            items.insert(items.end(), y.items.begin(), y.items.end());
            return TsVal::sequence(VK::List, std::move(items));
        }
        if (op == u"__getitem__" && (x.kind == VK::List || x.kind == VK::Tuple) && y.kind == VK::Int) {
            const qint64 n = qint64(x.items.size());
            const qint64 index = y.i < 0 ? y.i + n : y.i;
            if (index >= 0 && index < n)
                return x.items[size_t(index)];
        }
        if (op == u"__getitem__" && x.kind == VK::Dict)
            for (size_t k = 0; k + 1 < x.items.size(); k += 2)
                if (x.items[k].same(y))
                    return x.items[k + 1];
        if (op == u"__contains__" && (x.kind == VK::List || x.kind == VK::Tuple || x.kind == VK::Dict)) {
            const size_t step = x.kind == VK::Dict ? 2 : 1;
            for (size_t k = 0; k < x.items.size(); k += step)
                if (x.items[k].same(y))
                    return TsVal::boolean(true);
            return TsVal::boolean(false);
        }
    }
    if (a.size() == 1) {
        const TsVal &x = a[0];
        if (op == u"__not__")
            return TsVal::boolean(!x.truth());
        if (op == u"neg" && x.isNumber())
            return x.kind == VK::Float ? TsVal::real(-x.f) : TsVal::integer(-x.i);
        if (op == u"len" && (x.kind == VK::List || x.kind == VK::Tuple))
            return TsVal::integer(qint64(x.items.size()));
        if (op == u"len" && x.kind == VK::Dict)
            return TsVal::integer(qint64(x.items.size() / 2));
        if (op == u"len" && x.kind == VK::Str)
            return TsVal::integer(x.s.size());
        if (op == u"list" && (x.kind == VK::List || x.kind == VK::Tuple))
            return TsVal::sequence(VK::List, x.items);
    }
    return std::nullopt;
}

QStringList torchOpArguments(const QString &op)
{
    static const QHash<QString, QStringList> table = [] {
        QHash<QString, QStringList> t;
        for (const QString &entry : QString::fromLatin1(kSchemas).split(u' ', Qt::SkipEmptyParts)) {
            const qsizetype open = entry.indexOf(u'(');
            t.insert(QStringLiteral("aten::") + entry.left(open),
                     entry.mid(open + 1, entry.size() - open - 2).split(u',', Qt::SkipEmptyParts));
        }
        return t;
    }();
    return table.value(op);
}

} // namespace carton
