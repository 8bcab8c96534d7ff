"""The demo ReportKG: real US companies' names, tickers, industries and states with
synthetic yearly figures for 35 US-GAAP concepts, 2015–2023 (companies that listed
later start later; a few concept-years are missing, as in filings), and synthetic
directors and stakeholders. Same seed, same KG. It is written as a KG directory
(the contract format) for `schema/reportkg.yaml`."""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass
from pathlib import Path

SYNTHETIC_NOTE = ("Demo ReportKG: company names, tickers, industries and states are real; every figure, "
                  "director and stakeholder is randomly generated (synthetic demo data)")
DEFAULT_SEED = 20231231
YEARS = range(2015, 2024)
GAP_RATE = 0.04  # a concept-year a company did not report

# ticker | name as filed | industry | state
COMPANIES = """
AAPL|APPLE INC.|Technology Hardware|California
MSFT|MICROSOFT CORPORATION|Software|Washington
GOOGL|ALPHABET INC.|Internet Services|California
AMZN|AMAZON.COM, INC.|Internet Retail|Washington
META|META PLATFORMS, INC.|Internet Services|California
NVDA|NVIDIA CORPORATION|Semiconductors|California
TSLA|TESLA, INC.|Automobiles|Texas
INTC|INTEL CORPORATION|Semiconductors|California
AMD|ADVANCED MICRO DEVICES, INC.|Semiconductors|California
QCOM|QUALCOMM INCORPORATED|Semiconductors|California
AVGO|BROADCOM INC.|Semiconductors|California
TXN|TEXAS INSTRUMENTS INCORPORATED|Semiconductors|Texas
MU|MICRON TECHNOLOGY, INC.|Semiconductors|Idaho
AMAT|APPLIED MATERIALS, INC.|Semiconductor Equipment|California
LRCX|LAM RESEARCH CORPORATION|Semiconductor Equipment|California
ORCL|ORACLE CORPORATION|Software|Texas
CRM|SALESFORCE, INC.|Software|California
ADBE|ADOBE INC.|Software|California
INTU|INTUIT INC.|Software|California
NOW|SERVICENOW, INC.|Software|California
WDAY|WORKDAY, INC.|Software|California
SNOW|SNOWFLAKE INC.|Software|Montana
CSCO|CISCO SYSTEMS, INC.|Communications Equipment|California
IBM|INTERNATIONAL BUSINESS MACHINES CORPORATION|IT Services|New York
ACN|ACCENTURE PLC|IT Services|Ireland
HPQ|HP INC.|Technology Hardware|California
DELL|DELL TECHNOLOGIES INC.|Technology Hardware|Texas
NFLX|NETFLIX, INC.|Media & Entertainment|California
DIS|THE WALT DISNEY COMPANY|Media & Entertainment|California
CMCSA|COMCAST CORPORATION|Telecommunications|Pennsylvania
T|AT&T INC.|Telecommunications|Texas
VZ|VERIZON COMMUNICATIONS INC.|Telecommunications|New York
TMUS|T-MOBILE US, INC.|Telecommunications|Washington
CHTR|CHARTER COMMUNICATIONS, INC.|Telecommunications|Connecticut
UBER|UBER TECHNOLOGIES, INC.|Internet Services|California
ABNB|AIRBNB, INC.|Internet Services|California
PYPL|PAYPAL HOLDINGS, INC.|Payments|California
V|VISA INC.|Payments|California
MA|MASTERCARD INCORPORATED|Payments|New York
AXP|AMERICAN EXPRESS COMPANY|Consumer Finance|New York
JPM|JPMORGAN CHASE & CO.|Banking|New York
BAC|BANK OF AMERICA CORPORATION|Banking|North Carolina
WFC|WELLS FARGO & COMPANY|Banking|California
C|CITIGROUP INC.|Banking|New York
GS|THE GOLDMAN SACHS GROUP, INC.|Capital Markets|New York
MS|MORGAN STANLEY|Capital Markets|New York
SCHW|THE CHARLES SCHWAB CORPORATION|Capital Markets|Texas
BLK|BLACKROCK, INC.|Capital Markets|New York
USB|U.S. BANCORP|Banking|Minnesota
PNC|THE PNC FINANCIAL SERVICES GROUP, INC.|Banking|Pennsylvania
BRO|BROWN & BROWN, INC.|Insurance|Florida
AIG|AMERICAN INTERNATIONAL GROUP, INC.|Insurance|New York
MET|METLIFE, INC.|Insurance|New York
PRU|PRUDENTIAL FINANCIAL, INC.|Insurance|New Jersey
TRV|THE TRAVELERS COMPANIES, INC.|Insurance|New York
ALL|THE ALLSTATE CORPORATION|Insurance|Illinois
PGR|THE PROGRESSIVE CORPORATION|Insurance|Ohio
CB|CHUBB LIMITED|Insurance|Switzerland
UNH|UNITEDHEALTH GROUP INCORPORATED|Health Care Services|Minnesota
CVS|CVS HEALTH CORPORATION|Health Care Services|Rhode Island
CI|THE CIGNA GROUP|Health Care Services|Connecticut
HUM|HUMANA INC.|Health Care Services|Kentucky
ELV|ELEVANCE HEALTH, INC.|Health Care Services|Indiana
JNJ|JOHNSON & JOHNSON|Pharmaceuticals|New Jersey
PFE|PFIZER INC.|Pharmaceuticals|New York
MRK|MERCK & CO., INC.|Pharmaceuticals|New Jersey
ABBV|ABBVIE INC.|Pharmaceuticals|Illinois
LLY|ELI LILLY AND COMPANY|Pharmaceuticals|Indiana
BMY|BRISTOL-MYERS SQUIBB COMPANY|Pharmaceuticals|New York
AMGN|AMGEN INC.|Biotechnology|California
GILD|GILEAD SCIENCES, INC.|Biotechnology|California
REGN|REGENERON PHARMACEUTICALS, INC.|Biotechnology|New York
VRTX|VERTEX PHARMACEUTICALS INCORPORATED|Biotechnology|Massachusetts
BIIB|BIOGEN INC.|Biotechnology|Massachusetts
MRNA|MODERNA, INC.|Biotechnology|Massachusetts
ABT|ABBOTT LABORATORIES|Medical Devices|Illinois
MDT|MEDTRONIC PLC|Medical Devices|Ireland
SYK|STRYKER CORPORATION|Medical Devices|Michigan
BSX|BOSTON SCIENTIFIC CORPORATION|Medical Devices|Massachusetts
ISRG|INTUITIVE SURGICAL, INC.|Medical Devices|California
TMO|THERMO FISHER SCIENTIFIC INC.|Life Sciences Tools|Massachusetts
DHR|DANAHER CORPORATION|Life Sciences Tools|District of Columbia
WMT|WALMART INC.|Retail|Arkansas
COST|COSTCO WHOLESALE CORPORATION|Retail|Washington
TGT|TARGET CORPORATION|Retail|Minnesota
HD|THE HOME DEPOT, INC.|Home Improvement Retail|Georgia
LOW|LOWE'S COMPANIES, INC.|Home Improvement Retail|North Carolina
KR|THE KROGER CO.|Food Retail|Ohio
DG|DOLLAR GENERAL CORPORATION|Retail|Tennessee
TJX|THE TJX COMPANIES, INC.|Apparel Retail|Massachusetts
BBY|BEST BUY CO., INC.|Retail|Minnesota
NKE|NIKE, INC.|Apparel|Oregon
LULU|LULULEMON ATHLETICA INC.|Apparel|British Columbia
PG|THE PROCTER & GAMBLE COMPANY|Household Products|Ohio
CL|COLGATE-PALMOLIVE COMPANY|Household Products|New York
KMB|KIMBERLY-CLARK CORPORATION|Household Products|Texas
KO|THE COCA-COLA COMPANY|Beverages|Georgia
PEP|PEPSICO, INC.|Beverages|New York
MNST|MONSTER BEVERAGE CORPORATION|Beverages|California
KDP|KEURIG DR PEPPER INC.|Beverages|Massachusetts
MDLZ|MONDELEZ INTERNATIONAL, INC.|Food Products|Illinois
GIS|GENERAL MILLS, INC.|Food Products|Minnesota
HSY|THE HERSHEY COMPANY|Food Products|Pennsylvania
KHC|THE KRAFT HEINZ COMPANY|Food Products|Pennsylvania
MCD|MCDONALD'S CORPORATION|Restaurants|Illinois
SBUX|STARBUCKS CORPORATION|Restaurants|Washington
CMG|CHIPOTLE MEXICAN GRILL, INC.|Restaurants|California
YUM|YUM! BRANDS, INC.|Restaurants|Kentucky
DRI|DARDEN RESTAURANTS, INC.|Restaurants|Florida
XOM|EXXON MOBIL CORPORATION|Oil & Gas|Texas
CVX|CHEVRON CORPORATION|Oil & Gas|California
COP|CONOCOPHILLIPS|Oil & Gas|Texas
EOG|EOG RESOURCES, INC.|Oil & Gas|Texas
OXY|OCCIDENTAL PETROLEUM CORPORATION|Oil & Gas|Texas
SLB|SCHLUMBERGER LIMITED|Energy Equipment|Texas
HAL|HALLIBURTON COMPANY|Energy Equipment|Texas
KMI|KINDER MORGAN, INC.|Oil & Gas Midstream|Texas
NEE|NEXTERA ENERGY, INC.|Utilities|Florida
DUK|DUKE ENERGY CORPORATION|Utilities|North Carolina
SO|THE SOUTHERN COMPANY|Utilities|Georgia
D|DOMINION ENERGY, INC.|Utilities|Virginia
EXC|EXELON CORPORATION|Utilities|Illinois
AEP|AMERICAN ELECTRIC POWER COMPANY, INC.|Utilities|Ohio
BA|THE BOEING COMPANY|Aerospace & Defense|Virginia
LMT|LOCKHEED MARTIN CORPORATION|Aerospace & Defense|Maryland
RTX|RTX CORPORATION|Aerospace & Defense|Virginia
NOC|NORTHROP GRUMMAN CORPORATION|Aerospace & Defense|Virginia
GD|GENERAL DYNAMICS CORPORATION|Aerospace & Defense|Virginia
GE|GENERAL ELECTRIC COMPANY|Industrial Conglomerates|Massachusetts
HON|HONEYWELL INTERNATIONAL INC.|Industrial Conglomerates|North Carolina
MMM|3M COMPANY|Industrial Conglomerates|Minnesota
CAT|CATERPILLAR INC.|Industrial Machinery|Texas
DE|DEERE & COMPANY|Industrial Machinery|Illinois
EMR|EMERSON ELECTRIC CO.|Electrical Equipment|Missouri
ETN|EATON CORPORATION PLC|Electrical Equipment|Ireland
ITW|ILLINOIS TOOL WORKS INC.|Industrial Machinery|Illinois
UPS|UNITED PARCEL SERVICE, INC.|Air Freight & Logistics|Georgia
FDX|FEDEX CORPORATION|Air Freight & Logistics|Tennessee
UNP|UNION PACIFIC CORPORATION|Railroads|Nebraska
CSX|CSX CORPORATION|Railroads|Florida
NSC|NORFOLK SOUTHERN CORPORATION|Railroads|Georgia
DAL|DELTA AIR LINES, INC.|Airlines|Georgia
UAL|UNITED AIRLINES HOLDINGS, INC.|Airlines|Illinois
LUV|SOUTHWEST AIRLINES CO.|Airlines|Texas
AAL|AMERICAN AIRLINES GROUP INC.|Airlines|Texas
F|FORD MOTOR COMPANY|Automobiles|Michigan
GM|GENERAL MOTORS COMPANY|Automobiles|Michigan
LIN|LINDE PLC|Chemicals|Ireland
DOW|DOW INC.|Chemicals|Michigan
DD|DUPONT DE NEMOURS, INC.|Chemicals|Delaware
SHW|THE SHERWIN-WILLIAMS COMPANY|Chemicals|Ohio
ECL|ECOLAB INC.|Chemicals|Minnesota
NEM|NEWMONT CORPORATION|Metals & Mining|Colorado
FCX|FREEPORT-MCMORAN INC.|Metals & Mining|Arizona
NUE|NUCOR CORPORATION|Steel|North Carolina
AMT|AMERICAN TOWER CORPORATION|Real Estate|Massachusetts
PLD|PROLOGIS, INC.|Real Estate|California
SPG|SIMON PROPERTY GROUP, INC.|Real Estate|Indiana
EQIX|EQUINIX, INC.|Real Estate|California
RLGY|REALOGY HOLDINGS CORP.|Real Estate Services|New Jersey
MAR|MARRIOTT INTERNATIONAL, INC.|Hotels & Leisure|Maryland
HLT|HILTON WORLDWIDE HOLDINGS INC.|Hotels & Leisure|Virginia
BKNG|BOOKING HOLDINGS INC.|Internet Services|Connecticut
EBAY|EBAY INC.|Internet Retail|California
"""

# A company that listed in the window reports from that year on.
FIRST_YEAR = {"SNOW": 2019, "ABNB": 2019, "UBER": 2017, "MRNA": 2017, "DOW": 2018, "DELL": 2017}
SHARED_PERSON = 0.12  # a director or stakeholder who also sits at another company

# concept (the US-GAAP tag's local name) -> how it is drawn from the year's revenue R (and the figures before it)
CONCEPTS = (
    "Revenues", "CostOfRevenue", "GrossProfit", "ResearchAndDevelopmentExpense",
    "SellingGeneralAndAdministrativeExpense", "OperatingExpenses", "OperatingIncomeLoss", "InterestExpense",
    "IncomeTaxExpenseBenefit", "NetIncomeLoss", "EarningsPerShareBasic", "EarningsPerShareDiluted",
    "WeightedAverageNumberOfSharesOutstandingBasic", "WeightedAverageNumberOfDilutedSharesOutstanding",
    "Assets", "AssetsCurrent", "Liabilities", "LiabilitiesCurrent", "StockholdersEquity",
    "LiabilitiesAndStockholdersEquity", "CashAndCashEquivalentsAtCarryingValue", "AccountsReceivableNetCurrent",
    "InventoryNet", "PropertyPlantAndEquipmentNet", "Goodwill", "LongTermDebtNoncurrent",
    "RetainedEarningsAccumulatedDeficit", "NetCashProvidedByUsedInOperatingActivities",
    "NetCashProvidedByUsedInInvestingActivities", "NetCashProvidedByUsedInFinancingActivities",
    "PaymentsToAcquirePropertyPlantAndEquipment", "DepreciationDepletionAndAmortization", "ShareBasedCompensation",
    "PaymentsOfDividends", "PaymentsForRepurchaseOfCommonStock",
)
NO_INVENTORY = {"Software", "Internet Services", "Banking", "Capital Markets", "Insurance", "Payments",
                "Consumer Finance", "Health Care Services", "Real Estate", "Real Estate Services", "IT Services"}
RESEARCH = {"Technology Hardware", "Software", "Semiconductors", "Semiconductor Equipment", "Internet Services",
            "Pharmaceuticals", "Biotechnology", "Medical Devices", "Communications Equipment", "Automobiles",
            "Aerospace & Defense", "Life Sciences Tools", "Industrial Conglomerates"}

FIRST_NAMES = """James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra
Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa
George Deborah Timothy Stephanie Ronald Rebecca Edward Sharon Jason Laura Jeffrey Cynthia Ryan Kathleen Jacob Amy
Gary Angela Nicholas Shirley Eric Anna Jonathan Brenda Stephen Pamela Larry Emma Justin Nicole Scott Helen""".split()
LAST_NAMES = """Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
Wilson Anderson Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell
Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster""".split()


@dataclass(frozen=True)
class Company:
    ticker: str
    name: str
    industry: str
    state: str


def companies() -> list[Company]:
    return [Company(*line.split("|")) for line in COMPANIES.strip().splitlines()]


def _figures(rng: random.Random, c: Company, revenue: float, shares: float, prev: dict) -> dict[str, float]:
    """One year's figures, each drawn from the year's revenue (and last year's balance)."""
    cost = revenue * rng.uniform(0.35, 0.7)
    rnd = revenue * rng.uniform(0.05, 0.2) if c.industry in RESEARCH else 0.0
    sga = revenue * rng.uniform(0.06, 0.22)
    opinc = revenue - cost - rnd - sga
    interest = revenue * rng.uniform(0.002, 0.03)
    tax = max(0.0, (opinc - interest) * rng.uniform(0.12, 0.25))
    net = opinc - interest - tax + revenue * rng.gauss(0, 0.01)
    assets = revenue * rng.uniform(0.9, 2.5)
    liabilities = assets * rng.uniform(0.35, 0.8)
    equity = assets - liabilities
    dep = revenue * rng.uniform(0.02, 0.08)
    ocf = net + dep + revenue * rng.gauss(0.03, 0.02)
    capex = revenue * rng.uniform(0.02, 0.1)
    f = {
        "Revenues": revenue, "CostOfRevenue": cost, "GrossProfit": revenue - cost, "SellingGeneralAndAdministrativeExpense": sga,
        "OperatingExpenses": rnd + sga, "OperatingIncomeLoss": opinc, "InterestExpense": interest,
        "IncomeTaxExpenseBenefit": tax, "NetIncomeLoss": net,
        "EarningsPerShareBasic": round(net / shares, 2), "EarningsPerShareDiluted": round(net / (shares * 1.012), 2),
        "WeightedAverageNumberOfSharesOutstandingBasic": shares,
        "WeightedAverageNumberOfDilutedSharesOutstanding": round(shares * 1.012),
        "Assets": assets, "AssetsCurrent": assets * rng.uniform(0.2, 0.5), "Liabilities": liabilities,
        "LiabilitiesCurrent": liabilities * rng.uniform(0.25, 0.6), "StockholdersEquity": equity,
        "LiabilitiesAndStockholdersEquity": assets, "CashAndCashEquivalentsAtCarryingValue": assets * rng.uniform(0.03, 0.2),
        "AccountsReceivableNetCurrent": revenue * rng.uniform(0.05, 0.2),
        "PropertyPlantAndEquipmentNet": assets * rng.uniform(0.05, 0.4), "Goodwill": assets * rng.uniform(0.0, 0.25),
        "LongTermDebtNoncurrent": liabilities * rng.uniform(0.2, 0.6),
        "RetainedEarningsAccumulatedDeficit": prev.get("RetainedEarningsAccumulatedDeficit", equity * 0.6) + net * 0.5,
        "NetCashProvidedByUsedInOperatingActivities": ocf,
        "NetCashProvidedByUsedInInvestingActivities": -capex - revenue * rng.uniform(0.0, 0.05),
        "NetCashProvidedByUsedInFinancingActivities": -revenue * rng.uniform(-0.02, 0.08),
        "PaymentsToAcquirePropertyPlantAndEquipment": capex, "DepreciationDepletionAndAmortization": dep,
        "ShareBasedCompensation": revenue * rng.uniform(0.005, 0.05),
        "PaymentsOfDividends": max(0.0, net * rng.uniform(0.0, 0.5)),
        "PaymentsForRepurchaseOfCommonStock": max(0.0, net * rng.uniform(0.0, 0.6)),
    }
    if rnd:
        f["ResearchAndDevelopmentExpense"] = rnd
    if c.industry not in NO_INVENTORY:
        f["InventoryNet"] = revenue * rng.uniform(0.04, 0.2)
    return {k: (v if k.startswith("EarningsPerShare") else float(round(v, -3))) for k, v in f.items()}


def _person(rng: random.Random, people: dict[str, str]) -> str:
    """The id of a person: now and then one already at another company, else a new name."""
    if people and rng.random() < SHARED_PERSON:
        return rng.choice(sorted(people.values()))
    while True:
        middle = f" {rng.choice('ABCDEFGHJKLMPRSTW')}." if rng.random() < 0.4 else ""
        name = f"{rng.choice(FIRST_NAMES)}{middle} {rng.choice(LAST_NAMES)}"
        if name not in people:
            people[name] = f"person:{len(people)}"
            return people[name]


def write_reportkg(out: str | Path, seed: int = DEFAULT_SEED) -> dict[str, int]:
    """Generate the demo ReportKG into the contract directory `out`; the rows per table."""
    rng = random.Random(seed)
    cos = companies()
    rows: dict[str, list[list]] = {k: [] for k in ("Company", "Concept", "Fact", "Industry", "State", "Person",
                                                   "HAS_CONCEPT", "HAS_FACT", "BELONG_TO_INDUSTRY_OF",
                                                   "HAS_STATE_LOCATION", "IS_DIRECTOR_OF", "IS_STAKEHOLDER_OF")}
    industries = sorted({c.industry for c in cos})
    states = sorted({c.state for c in cos})
    rows["Industry"] = [[f"industry:{k}", name] for k, name in enumerate(industries)]
    rows["State"] = [[f"state:{k}", name] for k, name in enumerate(states)]
    people: dict[str, str] = {}  # name -> id
    for c in cos:
        cid = f"company:{c.ticker}"
        rows["Company"].append([cid, c.name, c.ticker])
        rows["BELONG_TO_INDUSTRY_OF"].append([cid, f"industry:{industries.index(c.industry)}"])
        rows["HAS_STATE_LOCATION"].append([cid, f"state:{states.index(c.state)}"])
        for edge, n in (("IS_DIRECTOR_OF", rng.randint(5, 9)), ("IS_STAKEHOLDER_OF", rng.randint(1, 3))):
            for pid in dict.fromkeys(_person(rng, people) for _ in range(n)):
                rows[edge].append([pid, cid])
        _company_facts(rng, c, rows)
    rows["Person"] = [[pid, name] for name, pid in people.items()]
    out = Path(out)
    for sub in ("nodes", "edges"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    headers = {"Company": ["id:ID", "name", "ticker"], "Concept": ["id:ID", "name"], "Fact": ["id:ID", "number", "year"],
               "Industry": ["id:ID", "name"], "State": ["id:ID", "name"], "Person": ["id:ID", "name"]}
    for table, data in rows.items():
        path = out / ("nodes" if table in headers else "edges") / f"{table}.csv"
        with path.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(headers.get(table, [":START_ID", ":END_ID"]))
            w.writerows(data)
    return {k: len(v) for k, v in rows.items()}


def _company_facts(rng: random.Random, c: Company, rows: dict[str, list[list]]) -> None:
    """Concepts and their yearly facts: revenue grows (or shrinks) year by year; a
    company skips a few concepts altogether and a few concept-years."""
    cid = f"company:{c.ticker}"
    revenue = 10 ** rng.uniform(9.3, 11.6)  # 2 billion to 400 billion dollars
    shares = round(10 ** rng.uniform(8.3, 9.9))
    skipped = set(rng.sample(CONCEPTS[3:], rng.randint(0, 4)))  # never revenue, cost, gross profit
    facts: dict[str, list[tuple[int, float]]] = {}
    prev: dict[str, float] = {}
    for year in YEARS:
        revenue *= 1 + rng.gauss(0.06, 0.12)
        shares = round(shares * rng.uniform(0.97, 1.02))
        figures = _figures(rng, c, revenue, shares, prev)
        prev = figures
        if year < FIRST_YEAR.get(c.ticker, YEARS[0]):
            continue
        for concept, value in figures.items():
            if concept not in skipped and (concept == "Revenues" or rng.random() >= GAP_RATE):
                facts.setdefault(concept, []).append((year, value))
    for concept, values in facts.items():
        kid = f"concept:{c.ticker}:{concept}"
        rows["Concept"].append([kid, f"us-gaap:{concept}"])
        rows["HAS_CONCEPT"].append([cid, kid])
        for year, value in values:
            fid = f"fact:{c.ticker}:{concept}:{year}"
            rows["Fact"].append([fid, value, year])
            rows["HAS_FACT"].append([kid, fid])
