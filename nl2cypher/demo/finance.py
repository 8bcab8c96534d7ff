"""The demo finance KG: synthetic but coherent, deterministic from a seed.

Company names include well-known listed companies so questions read naturally;
every figure (prices, volumes, profits, holdings, news) is generated and says
nothing about the real companies. `kg stats` and `ask` say so for a demo store.

Written in the contract format (nodes/<label>.csv, edges/<type>.csv, aliases.csv)."""

from __future__ import annotations

import csv
import datetime as dt
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path


SYNTHETIC_NOTE = "演示知识图谱：公司名称取自真实上市公司，但所有行情、财务、持仓与资讯数据均为随机生成（synthetic demo data）"
DEFAULT_SEED = 20240315
TRADING_DAYS = 260  # at least 250 trading days of stock_data / trade_data
QUARTERS = 16  # four years of quarterly financials


@dataclass(frozen=True)
class DemoSize:
    """How big a demo KG is: listed stocks, public funds, trading days of daily
    data. Managers, stockholders, new listings and fund news grow with them."""

    stocks: int = 320
    funds: int = 160
    days: int = TRADING_DAYS

    def scaled(self, base: int, of: str) -> int:
        """`base` at the default size, in proportion beyond it (never less)."""
        default, now = getattr(DemoSize(), of), getattr(self, of)
        return max(base, round(base * now / default))


SIZES = {"demo": DemoSize(), "10x": DemoSize(3_200, 1_600, 260), "market": DemoSize(5_000, 8_000, 1_000)}

# ---- trading calendar (approximate SSE/SZSE holidays) --------------------------

_LUNAR = {  # year: (Spring Festival, Dragon Boat, Mid-Autumn)
    2018: ("2018-02-16", "2018-06-18", "2018-09-24"), 2019: ("2019-02-05", "2019-06-07", "2019-09-13"),
    2020: ("2020-01-25", "2020-06-25", "2020-10-01"), 2021: ("2021-02-12", "2021-06-14", "2021-09-21"),
    2022: ("2022-02-01", "2022-06-03", "2022-09-10"), 2023: ("2023-01-22", "2023-06-22", "2023-09-29"),
    2024: ("2024-02-10", "2024-06-10", "2024-09-17"), 2025: ("2025-01-29", "2025-05-31", "2025-10-06"),
    2026: ("2026-02-17", "2026-06-19", "2026-09-25"), 2027: ("2027-02-06", "2027-06-09", "2027-09-15"),
    2028: ("2028-01-26", "2028-05-28", "2028-10-03"), 2029: ("2029-02-13", "2029-06-16", "2029-09-22"),
    2030: ("2030-02-03", "2030-06-05", "2030-09-12"), 2031: ("2031-01-23", "2031-06-24", "2031-10-01"),
    2032: ("2032-02-11", "2032-06-12", "2032-09-19"),
}


def _holidays(year: int) -> set[dt.date]:
    d = dt.date
    days = {d(year, 1, 1), d(year, 4, 4), d(year, 4, 5)}
    days |= {d(year, 5, i) for i in range(1, 6)} | {d(year, 10, i) for i in range(1, 8)}
    if year in _LUNAR:
        sf, db, ma = (dt.date.fromisoformat(x) for x in _LUNAR[year])
        days |= {sf + dt.timedelta(days=i) for i in range(-1, 7)} | {db, ma}
    return days


def is_trading_day(day: dt.date) -> bool:
    return day.weekday() < 5 and day not in _holidays(day.year)


def trading_days_until(end: dt.date, n: int) -> list[dt.date]:
    """The last n trading days up to and including end (if end trades)."""
    out, day = [], end
    while len(out) < n:
        if is_trading_day(day):
            out.append(day)
        day -= dt.timedelta(days=1)
    return out[::-1]


def next_trading_day(after: dt.date) -> dt.date:
    day = after + dt.timedelta(days=1)
    while not is_trading_day(day):
        day += dt.timedelta(days=1)
    return day


# ---- vocabulary --------------------------------------------------------------

# (code, name, trade, province, typical price)
KNOWN_STOCKS = [
    ("600519", "贵州茅台", "白酒", "贵州", 1600), ("000858", "五粮液", "白酒", "四川", 150),
    ("000568", "泸州老窖", "白酒", "四川", 180), ("600809", "山西汾酒", "白酒", "山西", 220),
    ("000596", "古井贡酒", "白酒", "安徽", 230), ("600036", "招商银行", "银行", "广东", 33),
    ("601398", "工商银行", "银行", "北京", 5.5), ("601939", "建设银行", "银行", "北京", 7),
    ("600000", "浦发银行", "银行", "上海", 7.5), ("601166", "兴业银行", "银行", "福建", 17),
    ("600030", "中信证券", "券商", "广东", 21), ("300059", "东方财富", "券商", "上海", 13),
    ("601688", "华泰证券", "券商", "江苏", 14), ("601318", "中国平安", "保险", "广东", 42),
    ("601628", "中国人寿", "保险", "北京", 30), ("300750", "宁德时代", "电池", "福建", 190),
    ("002594", "比亚迪", "汽车整车", "广东", 220), ("601012", "隆基绿能", "光伏设备", "陕西", 20),
    ("600438", "通威股份", "光伏设备", "四川", 22), ("688981", "中芯国际", "半导体", "上海", 50),
    ("603501", "韦尔股份", "半导体", "上海", 100), ("002415", "海康威视", "计算机设备", "浙江", 32),
    ("000333", "美的集团", "家电", "广东", 65), ("000651", "格力电器", "家电", "广东", 38),
    ("600690", "海尔智家", "家电", "山东", 26), ("600276", "恒瑞医药", "医药", "江苏", 45),
    ("300760", "迈瑞医疗", "医疗器械", "广东", 280), ("600436", "片仔癀", "中药", "福建", 230),
    ("000538", "云南白药", "中药", "云南", 55), ("300015", "爱尔眼科", "医疗服务", "湖南", 13),
    ("601857", "中国石油", "石油石化", "北京", 8), ("600028", "中国石化", "石油石化", "北京", 6),
    ("601088", "中国神华", "煤炭", "北京", 38), ("600019", "宝钢股份", "钢铁", "上海", 6.5),
    ("601899", "紫金矿业", "有色金属", "福建", 15), ("600309", "万华化学", "化工", "山东", 85),
    ("600887", "伊利股份", "食品加工", "内蒙古", 27), ("603288", "海天味业", "食品加工", "广东", 40),
    ("000002", "万科A", "房地产开发", "广东", 9), ("600048", "保利发展", "房地产开发", "广东", 10),
    ("600941", "中国移动", "通信服务", "北京", 100), ("000063", "中兴通讯", "通信设备", "广东", 28),
    ("002475", "立讯精密", "消费电子", "广东", 30), ("600031", "三一重工", "工程机械", "北京", 15),
    ("600900", "长江电力", "电力", "湖北", 25), ("002230", "科大讯飞", "软件开发", "安徽", 45),
    ("688111", "金山办公", "软件开发", "北京", 280), ("300033", "同花顺", "互联网服务", "浙江", 130),
    ("002027", "分众传媒", "传媒", "广东", 6.5), ("300413", "芒果超媒", "传媒", "湖南", 25),
    ("002555", "三七互娱", "游戏", "安徽", 18), ("600760", "中航沈飞", "军工", "辽宁", 40),
    ("601919", "中远海控", "航运港口", "天津", 12), ("002352", "顺丰控股", "物流", "广东", 38),
    ("601668", "中国建筑", "建筑装饰", "北京", 5.5), ("600585", "海螺水泥", "建材", "安徽", 24),
    ("002714", "牧原股份", "农林牧渔", "河南", 40), ("601888", "中国中免", "旅游酒店", "海南", 70),
    ("000725", "京东方A", "消费电子", "北京", 4), ("601633", "长城汽车", "汽车整车", "河北", 24),
    ("600104", "上汽集团", "汽车整车", "上海", 14), ("300274", "阳光电源", "光伏设备", "安徽", 80),
    ("002460", "赣锋锂业", "有色金属", "江西", 35), ("600111", "北方稀土", "有色金属", "内蒙古", 20),
    ("601138", "工业富联", "消费电子", "广东", 20), ("600600", "青岛啤酒", "食品加工", "山东", 75),
]
ALIASES = {
    "贵州茅台": ["茅台", "飞天茅台"], "宁德时代": ["宁王", "CATL"], "招商银行": ["招行"],
    "工商银行": ["工行"], "建设银行": ["建行"], "中国平安": ["平安"], "比亚迪": ["BYD"],
    "中国中免": ["中免"], "海康威视": ["海康"], "中芯国际": ["中芯"], "东方财富": ["东财"],
    "五粮液": ["五粮"], "美的集团": ["美的"], "格力电器": ["格力"],
}
# trade (板块) name -> generated-name suffixes that fall in it
TRADES = {
    "白酒": ["酒业"], "银行": ["银行"], "券商": ["证券"], "保险": ["保险"], "半导体": ["微电", "芯源"],
    "电池": ["锂电", "电池"], "汽车整车": ["汽车"], "光伏设备": ["光能", "阳光"], "计算机设备": ["信息"],
    "家电": ["电器"], "医药": ["医药", "药业"], "医疗器械": ["医疗"], "中药": ["中药", "本草"],
    "医疗服务": ["健康"], "石油石化": ["石化"], "煤炭": ["煤业"], "钢铁": ["钢铁", "特钢"],
    "有色金属": ["矿业", "有色"], "化工": ["化工", "化学"], "食品加工": ["食品"],
    "房地产开发": ["地产", "置业"], "通信服务": ["通信"], "通信设备": ["通讯"], "消费电子": ["电子", "精密"],
    "工程机械": ["重工", "机械"], "电力": ["电力", "能源"], "软件开发": ["软件", "科技"],
    "互联网服务": ["网络", "数据"], "传媒": ["传媒", "文化"], "游戏": ["互娱"], "军工": ["航空", "防务"],
    "航运港口": ["港口", "海运"], "物流": ["物流"], "建筑装饰": ["建设", "建工"], "建材": ["建材", "水泥"],
    "农林牧渔": ["农业", "牧业"], "旅游酒店": ["旅游", "酒店"],
}
# a second character between prefix and suffix, only once prefix × suffix runs out (market size)
NAME_MIDDLES = "新华大联宏信泰达中汇嘉盛德源通隆"
NAME_PREFIXES = """东方 华信 中科 天成 金陵 宏达 长江 南洋 北辰 西部 新华 国泰 安达 瑞丰 鼎盛 永安 富春 明德
凯盛 鸿远 江淮 岭南 齐鲁 燕山 泰山 黄河 珠江 昆仑 天山 星辰 晨光 远东 振华 华海 博远 恒信 嘉和 汇通
龙腾 华阳 海宁 宁波 苏州 杭州 成都 重庆 厦门 青岛 合肥 长沙 武汉 西安 深圳 广州 天津 大连""".split()
PREFIX_PROVINCE = {"金陵": "江苏", "岭南": "广东", "齐鲁": "山东", "燕山": "河北", "泰山": "山东", "珠江": "广东",
                   "天山": "新疆", "宁波": "浙江", "苏州": "江苏", "杭州": "浙江", "成都": "四川", "重庆": "重庆",
                   "厦门": "福建", "青岛": "山东", "合肥": "安徽", "长沙": "湖南", "武汉": "湖北", "西安": "陕西",
                   "深圳": "广东", "广州": "广东", "天津": "天津", "大连": "辽宁", "江淮": "安徽", "黄河": "河南"}
PROVINCES = """北京 上海 广东 浙江 江苏 山东 福建 四川 湖北 湖南 安徽 河南 河北 陕西 辽宁 江西 重庆 天津 云南
贵州 山西 吉林 黑龙江 广西 内蒙古 新疆 海南 甘肃""".split()

# industry chains: upstream -> downstream
INDUSTRY_CHAINS = [
    ("锂矿", "正极材料"), ("锂矿", "电解液"), ("正极材料", "锂电池"), ("负极材料", "锂电池"), ("电解液", "锂电池"),
    ("隔膜", "锂电池"), ("锂电池", "新能源汽车"), ("锂电池", "储能"), ("汽车零部件", "新能源汽车"),
    ("新能源汽车", "充电桩"), ("多晶硅", "光伏组件"), ("光伏玻璃", "光伏组件"), ("光伏组件", "光伏电站"),
    ("逆变器", "光伏电站"), ("稀土", "永磁材料"), ("永磁材料", "驱动电机"), ("驱动电机", "新能源汽车"),
    ("半导体材料", "芯片制造"), ("半导体设备", "芯片制造"), ("芯片设计", "芯片制造"), ("芯片制造", "芯片封测"),
    ("芯片封测", "消费电子整机"), ("显示面板", "消费电子整机"), ("芯片封测", "人工智能"), ("云计算", "人工智能"),
    ("人工智能", "智能驾驶"), ("铁矿石", "钢材"), ("焦煤", "钢材"), ("钢材", "工程机械制造"), ("钢材", "船舶制造"),
    ("钢材", "汽车零部件"), ("原油", "石油化工"), ("石油化工", "塑料制品"), ("石油化工", "化纤"), ("化纤", "纺织服装"),
    ("粮食种植", "饲料"), ("饲料", "生猪养殖"), ("生猪养殖", "肉制品加工"), ("粮食种植", "白酒酿造"),
    ("白酒酿造", "酒类流通"), ("原料药", "化学制剂"), ("化学制剂", "医药流通"), ("医疗器械制造", "医疗服务"),
    ("光纤光缆", "5G基站"), ("5G基站", "通信运营"), ("水泥", "建筑施工"), ("钢材", "建筑施工"), ("建筑施工", "房地产"),
    ("煤炭开采", "火力发电"), ("火力发电", "电网"), ("水力发电", "电网"), ("光伏电站", "电网"),
]
TRADE_INDUSTRIES = {
    "白酒": ["白酒酿造", "酒类流通"], "电池": ["锂电池", "正极材料", "储能"], "汽车整车": ["新能源汽车", "汽车零部件"],
    "光伏设备": ["光伏组件", "多晶硅", "逆变器"], "半导体": ["芯片制造", "芯片设计", "芯片封测"],
    "消费电子": ["消费电子整机", "显示面板"], "有色金属": ["锂矿", "稀土"], "钢铁": ["钢材"], "煤炭": ["煤炭开采", "焦煤"],
    "石油石化": ["原油", "石油化工"], "化工": ["石油化工", "塑料制品"], "医药": ["化学制剂", "原料药"],
    "中药": ["医药流通"], "医疗器械": ["医疗器械制造"], "医疗服务": ["医疗服务"], "通信设备": ["5G基站", "光纤光缆"],
    "通信服务": ["通信运营"], "软件开发": ["人工智能", "云计算"], "互联网服务": ["云计算"], "计算机设备": ["人工智能"],
    "电力": ["火力发电", "水力发电", "电网"], "建材": ["水泥"], "建筑装饰": ["建筑施工"], "房地产开发": ["房地产"],
    "工程机械": ["工程机械制造"], "农林牧渔": ["生猪养殖", "饲料", "粮食种植"], "食品加工": ["肉制品加工"],
    "航运港口": ["船舶制造"], "军工": ["驱动电机"], "家电": ["消费电子整机"],
}
FUND_COMPANIES = """易方达 华夏 南方 嘉实 博时 广发 汇添富 富国 招商 工银瑞信 中欧 景顺长城 兴全 交银施罗德 鹏华
银华 国泰 华安 大成 天弘""".split()
# theme -> trades its holdings favour
FUND_THEMES = {
    "蓝筹精选": ["白酒", "银行", "保险", "家电"], "消费升级": ["白酒", "食品加工", "家电", "旅游酒店"],
    "新能源": ["电池", "光伏设备", "汽车整车", "有色金属"], "医疗健康": ["医药", "医疗器械", "中药", "医疗服务"],
    "科技创新": ["半导体", "软件开发", "消费电子", "计算机设备"], "价值成长": ["银行", "券商", "电力", "建材"],
    "稳健增利": ["银行", "电力", "通信服务", "煤炭"], "红利优选": ["银行", "煤炭", "石油石化", "钢铁"],
    "高端制造": ["工程机械", "军工", "汽车整车", "电池"], "数字经济": ["软件开发", "互联网服务", "通信设备", "传媒"],
    "大金融": ["银行", "券商", "保险"], "先进制造": ["工程机械", "半导体", "光伏设备"],
    "品质生活": ["食品加工", "家电", "白酒"], "周期精选": ["有色金属", "钢铁", "化工", "煤炭"],
}
# a fund name's qualifier, only once company × theme runs out (market size)
FUND_QUALIFIERS = ["", "精选", "优势", "领航", "稳进", "价值", "成长", "睿选", "鑫享", "丰利", "核心", "动力", "智选",
                   "均衡", "远见", "安享"]
FUND_TYPES = ["混合", "股票", "灵活配置混合", "指数", "债券"]
SALES_STATUS = ["开放申购", "开放申购", "开放申购", "暂停申购", "限制大额申购", "认购期"]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
MALE_GIVEN = "明 伟 强 磊 军 勇 杰 涛 超 鹏 宇 浩 凯 斌 志强 建国 文博 一鸣 俊杰 思远 晓东 海波 国栋 振华".split()
FEMALE_GIVEN = "芳 娜 敏 静 丽 艳 娟 婷 雪 琳 秀英 桂英 海燕 欣怡 嘉怡 子涵 晓梅 丽华 雅琴 慧敏".split()
INSTITUTION_HOLDERS = """中央汇金投资有限责任公司 香港中央结算有限公司 中国证券金融股份有限公司 全国社保基金一一八组合
全国社保基金一零三组合 中国人寿保险股份有限公司-传统-普通保险产品 基本养老保险基金八零二组合 中国平安人寿保险股份有限公司-分红
新华人寿保险股份有限公司-分红-个人分红 阿布达比投资局 挪威中央银行-自有资金 高瓴资本管理有限公司-HCM中国基金
景林资产管理有限公司 淡马锡富敦投资有限公司 中国国有企业结构调整基金股份有限公司 国家集成电路产业投资基金股份有限公司""".split()
GOOD_NEWS = ["{n}发布业绩预增公告，预计净利润同比增长{p}%", "{n}中标{a}亿元重大项目", "{n}获多家机构上调评级",
             "{n}拟以{a}亿元回购股份", "{n}新产品获批上市", "{n}签订战略合作协议，拓展海外市场",
             "{n}控股股东增持公司股份", "{n}入选行业龙头企业名单"]
BAD_NEWS = ["{n}收到交易所问询函", "{n}股东拟减持不超过{p2}%股份", "{n}发布业绩预减公告",
            "{n}因信息披露违规被立案调查", "{n}主要产品价格持续下跌", "{n}重大资产重组终止",
            "{n}高管辞职引发市场关注", "{n}商誉减值风险提示"]
FUND_GOOD = ["{n}获评五星基金", "{n}近一年收益率同类排名前10%"]
FUND_BAD = ["{n}暂停大额申购", "{n}基金经理变更"]


def _initials(name: str) -> str:
    from pypinyin import Style, lazy_pinyin  # 0.25 s to import: only when a KG is generated

    return "".join(p[0] for p in lazy_pinyin(name, style=Style.FIRST_LETTER) if p and p[0].isalnum()).upper()


def sector_of(code: str) -> str:
    if code.startswith("688"):
        return "科创板"
    if code.startswith("6"):
        return "沪市主板"
    if code.startswith("30"):
        return "创业板"
    if code.startswith(("8", "4")):
        return "北交所"
    return "深市主板"


def limit_of(sector: str) -> float:
    return {"科创板": 0.2, "创业板": 0.2, "北交所": 0.3}.get(sector, 0.1)


# ---- generated model ---------------------------------------------------------


@dataclass(slots=True)  # market size holds a few million until they are written
class Bar:
    date: dt.date
    open: float
    close: float
    high: float
    low: float
    range: float
    volume: int
    limit_days: int
    limit_up: bool
    hsb: bool


@dataclass
class StockSpec:
    code: str
    name: str
    trade: str
    province: str
    price: float
    listed: dt.date | None = None  # listed during the data window (a new stock)
    bars: list[Bar] = field(default_factory=list)

    @property
    def id(self) -> str:
        return "s" + self.code

    @property
    def sector(self) -> str:
        return sector_of(self.code)


def step_bar(rng: random.Random, day: dt.date, prev: float, limit: float, history: list[Bar],
             market: float, boost: float = 0.0) -> Bar:
    """One trading day of a stock (or a board index with limit=None-like 1.0)."""
    if rng.random() < 0.015 + boost:
        ret = limit  # 涨停
    else:
        ret = max(-limit, min(limit, rng.gauss(market, 0.021)))
    close = round(prev * (1 + ret), 2)
    limit_price = round(prev * (1 + limit), 2)
    limit_up = limit < 1 and close >= limit_price
    open_ = round(max(prev * (1 - limit), min(limit_price, prev * (1 + rng.gauss(ret * 0.3, 0.008)))), 2)
    high = round(min(limit_price, max(open_, close) * (1 + abs(rng.gauss(0, 0.006)))), 2)
    low = round(max(prev * (1 - limit), min(open_, close) * (1 - abs(rng.gauss(0, 0.006)))), 2)
    high, low = max(high, open_, close), min(low, open_, close)
    rng_pct = round((close - prev) / prev * 100, 2)
    volume = int(rng.lognormvariate(15.5, 0.6) * (1 + 8 * abs(ret)))
    days = (history[-1].limit_days + 1 if history and history[-1].limit_up else 1) if limit_up else 0
    hsb = (len(history) >= 2 and close > open_ and history[-1].close > history[-1].open
           and history[-2].close > history[-2].open and close > history[-1].close > history[-2].close)
    return Bar(day, open_, close, high, low, rng_pct, volume, days, limit_up, hsb)


def _stock_names(rng: random.Random) -> Iterator[tuple[str, str, str]]:
    """(prefix, name, board): prefix × suffix in a shuffled order, then — only
    when a market's thousands need them — with a middle character."""
    pool = [(pre, pre + suf, trade) for trade, sufs in TRADES.items() for suf in sufs for pre in NAME_PREFIXES]
    rng.shuffle(pool)
    yield from pool
    wider = [(pre, pre + mid + suf, trade) for pre, _, trade in pool for mid in NAME_MIDDLES
             for suf in TRADES[trade][:1]]
    rng.shuffle(wider)
    yield from wider


def _fund_names(rng: random.Random) -> Iterator[tuple[str, str, str]]:
    """(company, theme, qualifier): company × theme in a shuffled order, then again
    with each qualifier, then with two."""
    combos = [(c, t) for c in FUND_COMPANIES for t in FUND_THEMES]
    pairs = [a + b for a in FUND_QUALIFIERS[1:] for b in FUND_QUALIFIERS[1:] if a != b]
    for qualifier in FUND_QUALIFIERS + pairs:
        rng.shuffle(combos)
        yield from ((c, t, qualifier) for c, t in combos)


def _given_chars(female: bool) -> str:
    return "".join(dict.fromkeys("".join(FEMALE_GIVEN if female else MALE_GIVEN)))


class _Sink:
    """CSV files of the contract format written row by row; a table's header is
    its first row's columns."""

    def __init__(self, out: Path):
        self.out = out
        self.files: dict[tuple[str, str], tuple] = {}
        self.counts: dict[str, int] = {}

    def row(self, folder: str, name: str, row: dict) -> None:
        f = self.files.get((folder, name))
        if f is None:
            (self.out / folder).mkdir(parents=True, exist_ok=True)
            fh = open(self.out / folder / f"{name}.csv", "w", newline="", encoding="utf-8")
            f = self.files[folder, name] = (fh, csv.writer(fh), list(row))
            f[1].writerow(f[2])
        f[1].writerow([row.get(h, "") for h in f[2]])
        self.counts[name] = self.counts.get(name, 0) + 1

    def close(self) -> dict[str, int]:
        for fh, _, _ in self.files.values():
            fh.close()
        return self.counts


class DemoKG:
    """Generates the demo KG and writes the contract format: row by row into
    `sink` when one is given (market size does not fit in memory as dicts), else
    kept until `write`."""

    def __init__(self, end: dt.date | None = None, seed: int = DEFAULT_SEED, size: DemoSize = DemoSize(),
                 sink: str | Path | None = None):
        self.end = end or dt.date.today()
        self.seed = seed
        self.rng = random.Random(seed)
        self.size = size
        self.days = trading_days_until(self.end, size.days)
        self.n_stocks, self.n_funds = size.stocks, size.funds
        self.nodes: dict[str, list[dict]] = {}
        self.edges: dict[str, list[dict]] = {}
        self.aliases: list[tuple[str, str]] = []
        self.sink = _Sink(Path(sink)) if sink else None

    # -- helpers --
    def _person(self, used: set[str], female: bool | None = None) -> tuple[str, str]:
        rng = self.rng
        for tries in itertools.count():
            fem = rng.random() < 0.35 if female is None else female
            given = FEMALE_GIVEN if fem else MALE_GIVEN
            # past the common given names (a market's thousands of people), two characters of them
            name = rng.choice(SURNAMES) + (rng.choice(given) if tries < 50 else
                                           "".join(rng.choice(_given_chars(fem)) for _ in range(2)))
            if name not in used:
                used.add(name)
                return name, "女" if fem else "男"
        raise AssertionError("unreachable")

    def _node(self, label: str, **row) -> None:
        if self.sink:
            self.sink.row("nodes", label, row)
        else:
            self.nodes.setdefault(label, []).append(row)

    def _edge(self, etype: str, a: str, b: str, **props) -> None:
        row = {":START_ID": a, ":END_ID": b, **props}
        if self.sink:
            self.sink.row("edges", etype, row)
        else:
            self.edges.setdefault(etype, []).append(row)

    # -- parts --
    def build(self) -> "DemoKG":
        self._stocks()
        self._trades_and_industries()
        self._prices()
        self._financials()
        self._funds()
        self._people()
        self._news()
        return self

    def _stocks(self) -> None:
        rng = self.rng
        specs = [StockSpec(c, n, t, p, float(pr)) for c, n, t, p, pr in KNOWN_STOCKS]
        names = {s.name for s in specs}
        codes = {s.code for s in specs}
        pool = _stock_names(rng)
        boards = [("600", 0.22), ("601", 0.12), ("603", 0.14), ("605", 0.03), ("688", 0.12), ("000", 0.08),
                  ("002", 0.14), ("300", 0.12), ("301", 0.02), ("83", 0.01)]
        for pre, name, trade in pool:
            if len(specs) >= self.n_stocks:
                break
            if name in names:
                continue
            while True:
                head = rng.choices([b for b, _ in boards], [w for _, w in boards])[0]
                code = head + "".join(rng.choice("0123456789") for _ in range(6 - len(head)))
                if code not in codes:
                    break
            names.add(name)
            codes.add(code)
            prov = PREFIX_PROVINCE.get(pre) or rng.choice(PROVINCES)
            specs.append(StockSpec(code, name, trade, prov, round(rng.lognormvariate(2.8, 0.7), 2)))
        # some generated stocks list during the window (新股)
        window = self.days
        for s in rng.sample(specs[len(KNOWN_STOCKS):], self.size.scaled(25, "stocks")):
            s.listed = window[rng.randrange(20, len(window) - 5)]
        self.stocks = specs
        for s in specs:
            est = dt.date(rng.randint(1985, 2016), rng.randint(1, 12), rng.randint(1, 28))
            self._node("stock", **{
                "id:ID": s.id, "code": s.code, "name": s.name, "chinese_spelling": _initials(s.name),
                "registered_capital:float": round(rng.lognormvariate(11.5, 1.3), 2), "listed_sector": s.sector,
                "establishment_date:date": est.isoformat(), "province": s.province})
            for alias in ALIASES.get(s.name, []):
                self.aliases.append((s.id, alias))

    def _trades_and_industries(self) -> None:
        rng = self.rng
        self.trade_ids = {}
        for i, t in enumerate(TRADES):
            tid = f"t{i + 1:03d}"
            self.trade_ids[t] = tid
            self._node("trade", **{"id:ID": tid, "code": f"BK{1000 + 17 * i:04d}", "name": t})
        for s in self.stocks:
            self._edge("belong_to", s.id, self.trade_ids[s.trade])
        names = list(dict.fromkeys(x for pair in INDUSTRY_CHAINS for x in pair))
        self.industry_ids = {}
        for i, n in enumerate(names):
            iid = f"i{i + 1:03d}"
            self.industry_ids[n] = iid
            self._node("industry", **{"id:ID": iid, "name": n, "scale:float": round(rng.lognormvariate(7.5, 1.0), 1)})
        for a, b in INDUSTRY_CHAINS:
            self._edge("affect", self.industry_ids[a], self.industry_ids[b])
        for s in self.stocks:
            inds = TRADE_INDUSTRIES.get(s.trade) or [rng.choice(names)]
            for n in rng.sample(inds, min(len(inds), rng.choice([1, 1, 2]))):
                self._edge("associate", s.id, self.industry_ids[n])

    def _prices(self) -> None:
        rng = self.rng
        market = {d: rng.gauss(0.0003, 0.009) for d in self.days}
        moves_of: dict[tuple[str, dt.date], list[float]] = {}  # board indices follow the mean move of their members
        for s in self.stocks:
            limit = limit_of(s.sector)
            prev = s.price
            for d in self.days:
                if s.listed and d < s.listed:
                    continue
                bar = step_bar(rng, d, prev, limit, s.bars, market[d])
                s.bars.append(bar)
                prev = bar.close
            for b in s.bars:
                self._stock_bar(s.id, s.code, b)
                moves_of.setdefault((s.trade, b.date), []).append(b.range)
            s.bars = s.bars[-3:]  # what the news needs; a market's bars are written, not kept
        for t, tid in self.trade_ids.items():
            level = rng.uniform(800, 6000)
            for d in self.days:
                moves = moves_of.get((t, d))
                ret = (sum(moves) / len(moves) / 100 if moves else rng.gauss(0, 0.01)) + rng.gauss(0, 0.002)
                self._trade_bar(tid, d, level, ret, rng)
                level = round(level * (1 + ret), 2)

    def _stock_bar(self, sid: str, code: str, b: Bar) -> None:
        did = f"sd{code}_{b.date:%Y%m%d}"
        self._node("stock_data", **{
            "id:ID": did, "date:date": b.date.isoformat(), "opening_price:float": b.open,
            "closing_price:float": b.close, "maximum_price:float": b.high, "minimum_price:float": b.low,
            "range:float": b.range, "volume:int": b.volume, "raising_limit_days:int": b.limit_days,
            "raising_limit:boolean": str(b.limit_up).lower(), "hong_san_bing:boolean": str(b.hsb).lower()})
        self._edge("has_stock_data", sid, did)

    def _trade_bar(self, tid: str, d: dt.date, level: float, ret: float, rng: random.Random) -> None:
        close = round(level * (1 + ret), 2)
        open_ = round(level * (1 + rng.gauss(ret * 0.3, 0.003)), 2)
        high = round(max(open_, close) * (1 + abs(rng.gauss(0, 0.004))), 2)
        low = round(min(open_, close) * (1 - abs(rng.gauss(0, 0.004))), 2)
        did = f"td{tid}_{d:%Y%m%d}"
        self._node("trade_data", **{
            "id:ID": did, "date:date": d.isoformat(), "opening_price:float": open_, "closing_price:float": close,
            "maximum_price:float": high, "minimum_price:float": low, "range:float": round(ret * 100, 2)})
        self._edge("has_trade_data", tid, did)

    def _financials(self) -> None:
        rng = self.rng
        # the last QUARTERS quarters that ended before the end date
        y, q = self.end.year, (self.end.month - 1) // 3  # q = last completed quarter (0 -> last year's Q4)
        if q == 0:
            y, q = y - 1, 4
        quarters = []
        for _ in range(QUARTERS):
            quarters.append((y, q))
            y, q = (y, q - 1) if q > 1 else (y - 1, 4)
        quarters.reverse()
        kinds = {1: "一季报", 2: "中报", 3: "三季报", 4: "年报"}
        ends = {1: (3, 31), 2: (6, 30), 3: (9, 30), 4: (12, 31)}
        for s in self.stocks:
            base = rng.lognormvariate(19.0, 1.4)
            growth = rng.gauss(0.02, 0.05)
            turnover = rng.uniform(0.8, 12)
            for k, (yy, qq) in enumerate(quarters):
                season = 1 + 0.15 * math.sin(qq * 1.3)
                profit = base * (1 + growth) ** k * season * rng.uniform(0.75, 1.25)
                if rng.random() < 0.06:
                    profit = -abs(profit) * rng.uniform(0.1, 0.8)
                m, d = ends[qq]
                fid = f"sf{s.code}_{yy}Q{qq}"
                self._node("stock_financial_information", **{
                    "id:ID": fid, "type": kinds[qq], "date:date": dt.date(yy, m, d).isoformat(), "year:int": yy,
                    "half_year:int": 1 if qq <= 2 else 2, "quarter:int": qq, "net_profit:float": round(profit, 2),
                    "inventory_turnover:float": round(turnover * rng.uniform(0.85, 1.15), 2)})
                self._edge("has_stock_financial_information", s.id, fid)
        self.quarters = quarters

    def _funds(self) -> None:
        rng = self.rng
        by_trade: dict[str, list[StockSpec]] = {}
        for s in self.stocks:
            by_trade.setdefault(s.trade, []).append(s)
        used_names: set[str] = set()
        used_codes: set[str] = set()
        self.fund_ids = []
        for company, theme, qualifier in _fund_names(rng):
            if len(self.fund_ids) >= self.n_funds:
                break
            ftype = rng.choice(FUND_TYPES)
            for share in ("A", "C"):
                if len(self.fund_ids) >= self.n_funds:
                    break
                name = f"{company}{theme}{qualifier}{ftype}{share}"
                if name in used_names:
                    continue
                used_names.add(name)
                while True:
                    code = rng.choice("0015") + "".join(rng.choice("0123456789") for _ in range(5))
                    if code not in used_codes:
                        used_codes.add(code)
                        break
                fid = f"f{code}"
                scale = round(rng.lognormvariate(21.0, 1.1), 2)
                start = dt.datetime.combine(self.end - dt.timedelta(days=rng.randint(30, 3000)), dt.time(9, 30))
                endt = start + dt.timedelta(days=rng.randint(7, 28), hours=5, minutes=30)
                self._node("public_offering_fund", **{
                    "id:ID": fid, "code": code, "name": name, "sales_status": rng.choice(SALES_STATUS),
                    "management_fee:float": round(scale * rng.choice([0.005, 0.008, 0.012, 0.015]), 2),
                    "scale:float": scale, "net_worth:float": round(rng.uniform(0.6, 4.2), 4),
                    "subscription_start_time:datetime": start.isoformat(),
                    "subscription_end_time:datetime": endt.isoformat()})
                self.fund_ids.append((fid, name))
                if ftype == "债券":
                    continue  # bond funds hold no stocks here
                favoured = [s for t in FUND_THEMES[theme] for s in by_trade.get(t, [])]
                picks = rng.sample(favoured, min(len(favoured), 8))
                picked = {s.code for s in picks}
                others = [s for s in self.stocks if s.code not in picked]
                picks += rng.sample(others, 10 - len(picks))
                ratios = sorted((round(rng.uniform(1.0, 9.5), 2) for _ in picks), reverse=True)
                for s, r in zip(picks, ratios):
                    self._edge("hold", fid, s.id, **{"position_ratio:float": r,
                                                     "position_amount:float": round(scale * r / 100, 2)})

    def _people(self) -> None:
        rng = self.rng
        used: set[str] = {"王明"}
        managers = [("m001", "王明", "男")]
        for i in range(2, self.size.scaled(95, "funds") + 1):
            n, sex = self._person(used)
            managers.append((f"m{i:03d}", n, sex))
        for mid, n, sex in managers:
            self._node("fund_manager", **{"id:ID": mid, "name": n, "sex": sex,
                                          "degree": rng.choice(["硕士", "硕士", "硕士", "博士", "本科"])})
        # each fund has one or two managers; every manager manages at least one fund
        funds = [f for f, _ in self.fund_ids]
        for i, fid in enumerate(funds):
            mids = {managers[i % len(managers)][0]}
            if rng.random() < 0.3:
                mids.add(rng.choice(managers)[0])
            for mid in sorted(mids):
                self._edge("manage", mid, fid)
        # chairmen: one current per stock, some stocks also have a former one
        ci = 0
        for s in self.stocks:
            ci += 1
            n, sex = self._person(used, female=rng.random() < 0.12)
            appointed = dt.date(rng.randint(2008, 2023), rng.randint(1, 12), rng.randint(1, 28))
            cid = f"c{ci:04d}"
            self._node("chairman", **{"id:ID": cid, "name": n, "sex": sex,
                                      "appointment_date:date": appointed.isoformat(), "departure_date:date": ""})
            self._edge("is_chairman_of", cid, s.id)
            if rng.random() < 0.15:
                ci += 1
                n2, sex2 = self._person(used)
                start = appointed - dt.timedelta(days=rng.randint(700, 3000))
                cid2 = f"c{ci:04d}"
                self._node("chairman", **{"id:ID": cid2, "name": n2, "sex": sex2,
                                          "appointment_date:date": start.isoformat(),
                                          "departure_date:date": appointed.isoformat()})
                self._edge("is_chairman_of", cid2, s.id)
        # stockholders: institutions hold many stocks, people a few
        holders = [(f"h{i + 1:03d}", n) for i, n in enumerate(INSTITUTION_HOLDERS)]
        for i in range(len(holders), self.size.scaled(140, "stocks")):
            n, _ = self._person(used)
            holders.append((f"h{i + 1:03d}", n))
        for hid, n in holders:
            self._node("stockholder", **{"id:ID": hid, "name": n})
        inst, persons = holders[: len(INSTITUTION_HOLDERS)], holders[len(INSTITUTION_HOLDERS):]
        for s in self.stocks:
            chosen = rng.sample(persons, 1) + rng.sample(inst, rng.randint(2, 5))
            ratios = sorted((round(rng.uniform(0.5, 30.0), 2) for _ in chosen), reverse=True)
            for (hid, _), r in zip(chosen, ratios):
                self._edge("is_stockholder_of", hid, s.id, **{
                    "shareholding_ratio:float": r,
                    "circulation_shareholding_ratio:float": round(min(100.0, r * rng.uniform(1.0, 1.4)), 2)})

    def _news(self) -> None:
        rng = self.rng
        n = 0

        def add(title: str, subject: str, tendency: int) -> None:
            nonlocal n
            n += 1
            iid = f"info{n:05d}"
            self._node("information", **{"id:ID": iid, "name": title})
            self._edge("involve", subject, iid, **{"tendency:int": tendency})

        def fill(tpl: str, name: str) -> str:
            return tpl.format(n=name, p=rng.randint(20, 150), p2=rng.randint(1, 5), a=rng.randint(2, 60))

        for s in self.stocks:
            last = s.bars[-3:] if s.bars else []
            # recent big moves get a matching headline, so "why did X rise/fall" has an answer
            for b in last:
                if b.range >= 5:
                    add(fill(rng.choice(GOOD_NEWS), s.name), s.id, 1)
                elif b.range <= -5:
                    add(fill(rng.choice(BAD_NEWS), s.name), s.id, -1)
            for _ in range(rng.randint(0, 2)):
                good = rng.random() < 0.55
                add(fill(rng.choice(GOOD_NEWS if good else BAD_NEWS), s.name), s.id, 1 if good else -1)
        for fid, name in rng.sample(self.fund_ids, self.size.scaled(40, "funds")):
            good = rng.random() < 0.6
            add(fill(rng.choice(FUND_GOOD if good else FUND_BAD), name), fid, 1 if good else -1)
        # new stock listings
        k = 0
        for s in self.stocks:
            if not s.listed:
                continue
            k += 1
            release = s.listed - dt.timedelta(days=rng.randint(7, 14))
            prefix = {"科创板": "787", "沪市主板": "732"}.get(s.sector)
            code = prefix + s.code[3:] if prefix else s.code
            nid = f"ns{s.code}"
            self._node("new_stock", **{"id:ID": nid, "code": code,
                                       "amount:float": round(rng.uniform(1500, 40000), 2),
                                       "online_release_date:date": release.isoformat()})
            self._edge("originate_from", s.id, nid, **{"marketing_time:date": s.listed.isoformat()})

    # -- output --
    def write(self, out: str | Path) -> dict[str, int]:
        out = Path(out)
        (out / "nodes").mkdir(parents=True, exist_ok=True)
        (out / "edges").mkdir(parents=True, exist_ok=True)
        counts = self.sink.close() if self.sink else {}
        for folder, tables in (("nodes", self.nodes), ("edges", self.edges)):
            for name, rows in tables.items():
                _write_csv(out / folder / f"{name}.csv", rows)
                counts[name] = len(rows)
        if self.aliases:
            with open(out / "aliases.csv", "w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh)
                w.writerow(["id", "alias"])
                w.writerows(self.aliases)
        (out / "README.txt").write_text(SYNTHETIC_NOTE + f"\nseed={self.seed} end={self.end.isoformat()}\n", encoding="utf-8")
        return counts


def _write_csv(path: Path, rows: list[dict]) -> None:
    header = list(rows[0])
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        for r in rows:
            w.writerow([r.get(h, "") for h in header])


def write_demo(out: str | Path, end: dt.date | None = None, seed: int = DEFAULT_SEED,
               size: DemoSize = DemoSize()) -> dict[str, int]:
    """Generate the demo KG of `size` into the contract directory `out`; the rows per table."""
    return DemoKG(end, seed, size, sink=out).build().write(out)


# ---- the next trading day, for `kg demo --refresh` ----------------------------


def next_day_dir(store, out: str | Path, seed: int = DEFAULT_SEED) -> tuple[dt.date, dict[str, int]]:
    """Write the next trading day after the store's last stock_data date as a
    refresh directory (stock_data, trade_data and their edges)."""
    last = store.run("MATCH (d:stock_data) RETURN max(d.date)").rows[0][0]
    if last is None:
        raise ValueError("the KG has no stock_data to continue")
    last_day = dt.date.fromisoformat(last)
    day = next_trading_day(last_day)
    since = (last_day - dt.timedelta(days=10)).isoformat()
    rows = store.run(
        "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date($since) "
        "RETURN s.id, s.code, s.listed_sector, d.date, d.opening_price, d.closing_price, d.raising_limit, "
        "d.raising_limit_days ORDER BY s.id, d.date", {"since": since}).rows
    hist: dict[tuple[str, str, str], list[Bar]] = {}
    for sid, code, sector, d, o, c, lu, ld in rows:
        hist.setdefault((sid, code, sector or ""), []).append(
            Bar(dt.date.fromisoformat(d), o, c, c, c, 0.0, 0, ld or 0, bool(lu), False))
    rng = random.Random(f"{seed}:{day.isoformat()}")
    market = rng.gauss(0.0003, 0.009)
    kg = DemoKG(day, seed)
    for (sid, code, sector), bars in sorted(hist.items()):
        bar = step_bar(rng, day, bars[-1].close, limit_of(sector or sector_of(code)), bars, market)
        kg._stock_bar(sid, code, bar)
    trows = store.run(
        "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date($last) "
        "RETURN t.id, d.closing_price ORDER BY t.id", {"last": last}).rows
    for tid, close in trows:
        kg._trade_bar(tid, day, close, rng.gauss(market, 0.01), rng)
    return day, kg.write(out)
