import { type KeyphraseLexicon, lexiconFrom } from './nlp.keyphrases.features'

/**
 * The keyphraseness lexicon, written by `npm run train:keyphrases` (bench/src/train-keyphrases.ts)
 * from the tuning half of SemEval-2017, Inspec and SemEval-2010 (1367 documents): per stemmed
 * phrase and word, in how many documents it was a candidate and in how many of those a gold
 * keyphrase (2183 phrases, 3014 words). Do not edit by hand.
 */

const PHRASES = `aa|4|1
abb|3|2
abil|31|0
absenc|7|0
absolut valu|5|0
absorpt|5|0
abstract|3|0
academ librari|5|5
acceler|4|0
accept|3|0
access|18|1
accord|4|0
account|31|1
account aggreg|2|2
accuraci|36|2
accuraci result|3|0
acquisit|4|0
action|31|0
action set|3|0
action space|5|0
activ|15|1
activ energi|3|0
actuat|5|1
ad|5|0
adapt|10|2
adapt filter|3|3
addit|45|1
adjust|3|0
admiss set|3|0
adopt|3|0
advanc|17|0
advantag|45|0
advent|4|1
advertis|6|3
advic|3|1
afm|2|2
ag|6|2
agent|49|10
agent a1|4|0
agent a2|4|0
agent aj|4|0
agent architectur|4|0
agent behavior|5|0
agent bid|5|0
agent commun|5|0
agent commun languag|3|2
agent design|3|0
agent estim|3|0
agent identifi|3|0
agent interact|5|1
agent model|3|0
agent societi|3|1
agent us|5|0
agent wish|3|0
aggreg|5|1
agil busi|2|2
agreement|19|0
ai|3|0
aid|8|0
aim|20|0
air|3|0
air traffic control|2|2
aircraft|3|0
al2o3|2|2
alarm|3|0
algorithm|130|10
alloc|9|1
alloc problem|5|0
alloc rule|3|1
alloi|7|4
allow|3|0
alpha|5|0
altern|5|0
altern approach|8|0
aluminum|3|1
ambient air|2|2
ambient temperatur|3|1
ambigu|4|0
amount|3|0
amplitud|3|0
analysi task|3|1
analyst|3|0
analyt model|5|3
angl|4|0
answer|4|0
apertur|3|0
appear|4|0
appl|4|0
appli scienc harvard univers|3|0
applic|9|0
applic perform|3|0
applic program interfac|2|2
approxim|12|2
approxim algorithm|4|1
approxim matrix factor|2|2
approxim solut|3|2
arc|6|0
architectur|25|1
archivist|4|1
area|35|0
argument|10|1
aris|5|0
arrai|5|0
art|7|0
artifici intellig|13|6
artifici neural network|3|2
aspect|14|0
assembl|4|1
assert|3|0
assess|8|0
assign|4|0
associ|4|0
assumpt|12|0
atm|3|2
atom|11|3
atrp|2|2
attack|5|0
attempt|10|0
attent|9|0
attitud|5|0
attract|3|0
attribut|6|0
auction|13|6
auction design|3|0
auction mechan|3|0
auction outcom|3|0
auction problem|3|0
auction set|4|0
audio|5|0
australia|6|1
autom|4|2
autom negoti|2|2
automata|4|0
autonom agent|13|1
avail|5|0
averag distanc|3|0
averag document length|3|0
averag number|7|0
averag precis|4|0
averag valu|3|0
axiom|4|1
b spline|3|1
background|5|1
balanc|6|0
bandwidth|5|0
bank|4|3
barrier|3|0
baselin method|4|0
basi|29|0
basic idea|5|0
basic model|4|0
batch|3|0
batteri|3|0
bayesian game|3|1
behavior|33|0
belief|9|2
benchmark|9|1
benefit|21|2
beta|3|0
bid|11|1
bid auction|3|0
bid bi|3|0
bid price|4|0
bid strategi|5|1
bid valu|3|0
bid vector|4|0
bidder|8|0
bidder bid|5|0
bidder valu|3|0
bilater negoti|3|0
biotechnolog|2|2
bipartit graph|3|1
bit|7|1
block|8|2
book|7|0
boolean function|3|2
bound|21|1
boundari|8|0
boundari condit|3|1
branch|9|0
broad rang|5|0
budget|5|1
build|16|0
bulk|3|1
burden|3|0
busi|12|0
busi process|3|1
buyer|4|0
bx|3|0
c1|4|0
c2|3|0
cad|5|1
calcul|20|1
calculu|3|0
calibr|6|5
calibr process|2|2
california|5|0
cam|4|1
camera|4|0
candid|5|0
capabl|24|0
capac|11|0
capit|3|0
car|3|0
cardin|3|2
care|3|0
career|3|1
carnegi mellon univers|6|1
casc|2|2
case|110|0
case agent|3|0
case base reason|2|2
case studi|16|4
categori|4|0
caus|4|0
cbr|4|0
cell|8|1
cellular automata|2|2
cent|3|0
center|10|0
central server|5|2
certif|2|2
certif author|2|2
ch4|2|2
challeng|16|1
chang|40|0
channel|10|1
chao|2|2
chaotic system|3|2
character|5|0
characterist|19|0
charg|4|0
check|4|1
chemic|3|0
chemic reaction|2|2
children|5|4
china|8|2
chip|4|0
choic|24|0
ci|6|0
circuit|4|1
circuit simul|2|2
circumst|6|0
citi|3|0
cl|3|1
claim|3|0
class|47|0
classic method|3|0
classic result|3|0
classif|20|4
classif accuraci|4|0
classif method|3|1
classif problem|3|0
classif result|3|0
classifi|10|1
click|4|0
client|11|0
close look|3|0
close loop system|5|5
cluster|12|1
cluster method|3|0
cluster structur|3|0
cmo technolog|3|2
co|4|2
co2|2|2
coalit|4|1
code|15|1
coeffici|13|0
collabor|5|0
colleagu|3|0
collect|13|1
collect develop|2|2
collect model|3|0
collis|6|1
color|7|1
column|4|0
combin|32|0
combinatori auction|6|5
command|3|0
comment|5|0
commerci search engin|5|0
commit|6|1
commun|28|5
commun infrastructur|2|2
commun pattern|3|1
commut|2|2
compani|20|0
comparison|50|1
compat|7|1
compens|4|3
competit|6|2
competit advantag|3|2
competit analysi|2|2
competitor|3|0
compil|6|1
complet|9|2
complex|23|4
complex molecul|2|2
complex system|4|0
complex task|5|0
compon|31|1
composit|9|3
compress|5|1
compromis|4|0
comput|68|6
comput applic|3|0
comput commun network|3|0
comput complex|9|4
comput cost|5|2
comput effici|5|1
comput engin|3|0
comput experi|4|1
comput game|3|2
comput grid|5|1
comput industri|2|2
comput intellig|2|2
comput load|2|2
comput model|11|4
comput network|2|2
comput power|3|0
comput problem|3|0
comput process|3|0
comput program|3|2
comput resourc|5|1
comput result|3|0
comput scienc|38|5
comput scienc depart|7|0
comput scienc divis|3|0
comput secur|2|2
comput simul|7|4
comput softwar|2|2
comput system|7|0
comput time|8|1
comput vision|2|2
concentr|3|0
concept|31|0
conceptu model|6|3
concern|5|0
concurr system|2|2
condit|39|0
confid|5|0
confid interv|4|2
confid measur|3|1
configur|9|0
conform|3|0
confus|3|0
congest|3|1
conjectur|5|0
conjunct|4|0
connect|9|0
consequ|12|0
conserv|4|0
consider|6|0
consist|5|3
constant|3|0
constitu|3|0
constraint|25|1
construct|24|0
construct industri|2|2
consult|3|1
consum|3|0
contact|10|0
content|23|0
content manag|5|4
context|43|0
context inform|3|1
continu|7|1
continu doubl auction|3|2
continu function|3|1
continu time|3|0
continu time system|3|2
contour|3|0
contract|6|2
contrari|4|0
contrast|20|0
contribut|21|0
control|66|8
control design|4|0
control law|3|1
control scheme|7|1
control structur|3|0
control system|13|3
convect|3|1
converg|16|5
converg speed|2|2
convers|7|0
convert|5|0
convolut|3|3
cooper|8|0
cooper agent|3|1
coordin|6|1
copolym|3|1
copper|3|1
core|12|1
correct|9|0
correl|20|2
correl method|2|2
corros process|2|2
cosmolog|2|2
cost|29|3
cost function|12|1
countri|6|0
coupl|7|2
cours|11|0
coverag|4|0
cpu time|4|2
crawl page|3|0
creation|7|0
crisi|3|0
crisi manag|2|2
criteria|9|0
criterion|6|0
critic|3|0
crm|2|2
cross correl|2|2
cross section|3|0
crosstalk|2|2
cryptographi|2|2
crystal|2|2
cs|5|0
ct|4|0
cultur|8|1
curv|7|0
custom|18|1
custom relationship manag|2|2
cut|3|1
cycl|6|1
cyclic deform|2|2
dai|12|1
damag|4|0
data|96|2
data analysi|5|2
data exchang|4|1
data manag|3|2
data mine|3|2
data point|6|1
data set|7|2
data type|3|1
data warehous|2|2
databas|11|5
databas system|3|0
dataset|5|0
dc|3|0
dea|3|1
deal|4|0
debat|3|0
decad|11|0
decai|3|1
decemb|3|0
decentr approach|3|0
decis|24|1
decis maker|5|1
decis problem|7|2
decis process|3|0
decis support system|3|3
decis tree|3|2
declin|3|0
decomposit|7|0
deconvolut|2|2
decreas|6|0
default valu|3|0
defect|3|0
defens|3|0
defin|4|0
definit|22|0
deform|3|0
degrad|4|0
degre|35|0
delai|10|3
deliveri|10|0
delta|4|0
dem|2|2
demand|13|0
demonstr|3|0
densiti|6|0
depart|14|0
depend|10|1
deploy|3|0
deposit|3|0
depth|5|0
deriv|10|0
descript|17|0
descriptor|4|0
design|69|3
design paramet|3|0
design procedur|5|1
design process|3|0
design variabl|3|0
desir|4|1
destin|4|0
detail|3|0
detect|15|0
detector|3|1
determin|10|1
develop|66|0
deviat|6|0
devic|13|0
dft|2|2
diagnosi|5|0
diagram|3|0
diamet|6|0
differ|30|0
differenti|5|2
difficult task|3|0
difficulti|14|0
diffus|5|2
digit collect|2|2
digit control system|2|2
digit librari|4|3
dimens|17|1
direct|17|0
direct graph|5|0
director|4|2
disabl|3|1
disadvantag|7|0
disappear|3|0
disast plan|2|2
disciplin|6|0
discoveri|3|0
discrep|7|0
discret|7|0
disk|4|0
dispers|5|2
displac|3|1
displai|3|0
dissip|3|1
dissoci|3|1
distanc|14|0
distanc measur|3|1
distribut|26|4
distribut algorithm|3|1
distribut applic|7|0
distribut artifici intellig|5|0
distribut artifici intellig multiag system|4|0
distribut comput|3|1
distribut fashion|3|0
distribut intrus detect system|2|2
distribut network|4|1
distribut system|22|7
disturb|9|0
divis|4|0
document|28|1
document collect|7|1
document di|4|0
document frequenc|3|0
document languag model|3|0
document length|5|0
document model|3|0
document represent|3|0
document retriev|5|3
document score|3|0
dollar|3|0
domain|21|0
domin strategi|4|0
dpm|2|2
drawback|7|0
drive|4|0
drug|3|0
ds|3|0
duct|2|2
dynam|15|2
dynam behavior|6|2
dynam environ|4|1
dynam program|2|2
dynam program algorithm|3|1
dynam system|3|0
dynam topolog|4|2
e commerc|3|2
e mail|4|3
earli stage|3|0
ebastien lahai|3|0
edg|13|0
edg detect|2|2
edit|3|0
educ|9|2
effect|93|0
efficaci|6|0
effici|39|1
effort|16|0
elast|3|0
electr measur|2|2
electr power|3|1
electr servic|3|0
electromagnet field|2|2
electron|7|2
electron commerc|3|2
element|22|2
elimin|6|0
embed system|3|1
emerg|7|0
emot|4|2
empir distribut|3|0
employ|3|1
emtp|2|2
encapsul|2|2
encod|5|2
end|19|0
end user|5|1
energi|17|0
engin|16|2
engin disciplin|3|0
english|3|0
entangl|5|2
entangl state|2|2
enterpris|5|0
enterpris resourc plan|2|2
entiti|7|0
entri|4|0
environ|20|0
ep|3|0
epsilon|3|0
equal probabl|3|0
equal util|3|0
equilibria|3|1
equilibrium|10|1
equilibrium analysi|3|0
equilibrium strategi|4|1
equip|4|0
equival|6|0
era|5|0
erp|5|1
error|25|2
estim|41|0
euclidean distanc|3|0
europ|3|2
ev|6|0
evalu|24|1
event|22|0
evid|7|0
evolut|15|0
exact solut|4|1
exact valu|3|0
exampl|4|0
exchang|9|1
excit|4|2
execut|10|1
execut time|6|0
exhibit|3|0
exist|18|0
expand queri|3|0
expans|7|0
expans term|6|1
expect|6|0
expect number|3|0
expect outcom|3|0
expect revenu|3|0
expect util|12|0
expect valu|8|1
experi|73|6
experiment|5|0
experiment data|8|2
experiment evalu|4|1
experiment investig|3|0
experiment result|40|2
experiment studi|4|1
experiment system|3|0
experiment test|3|0
expert|6|0
expert system|5|3
expertis|3|0
explan|3|0
expon|4|1
exponenti|3|0
exponenti function|2|2
exponenti number|5|0
express|11|0
express bid languag|3|0
extend abstract|3|0
extend kalman filter|3|1
extend logic program|2|2
extend version|4|0
extens|21|1
extent|9|0
extern disturb|2|2
extract|9|0
ey|3|0
fabric|8|1
face|7|0
facil|6|0
facil manag|3|0
facilit|4|0
fact|32|0
factor|20|1
faculti|5|3
failur|10|0
famili|18|0
fault|6|0
fault diagnosi|4|4
favor|3|0
fe|4|2
feasibl|10|1
feasibl set|3|0
feasibl solut|6|0
feasibl studi|3|0
featur|49|1
featur valu|3|0
featur vector|4|0
feedback|13|3
feedback control|4|3
feedback document|3|0
feedback inform|3|0
feedback model|3|1
field|31|1
film|6|4
film surfac|2|2
film thick|4|0
filter|7|1
final price|3|0
final result|3|0
final state|5|0
financ|4|2
financi market|3|0
find|3|0
finit automata|2|2
finit element analysi|3|2
finit element method|7|3
finit number|3|0
finit sampl properti|2|2
finit set|13|0
finit state machin|3|0
firm|7|0
first price auction|3|0
fit|4|0
fix number|3|0
flexibl|12|0
flexibl manufactur system|3|3
flow|22|1
flux|5|0
fm|5|4
focu|11|0
forb avenu|3|0
forc|12|1
form|55|0
formal|6|0
formal framework|3|1
formal model|6|1
format|13|0
formul|10|0
formula|15|0
fractal dimens|3|2
fraction|3|0
fraction differenti|2|2
framework|40|2
franc|4|0
free energi|3|1
freedom|15|0
frequenc|10|0
frequenc domain|3|0
frequent queri|3|0
friction|3|1
frontier|3|0
fs|3|0
function|67|2
function group|3|1
fund|5|1
fusion|4|0
futur|3|0
futur action|3|0
futur event|4|0
futur work|9|0
fuzzi control|4|4
fuzzi logic approach|3|1
fuzzi rule|2|2
fuzzi system|4|3
ga|12|3
gage|3|0
gain|7|0
game|23|1
game model|3|0
game theori|4|2
gamma|5|0
gap|3|0
gather inform|3|0
gender|2|2
gender gap|2|2
gener|35|2
gener approach|5|0
gener case|7|0
gener form|4|0
gener framework|4|0
gener function|3|2
gener inform|3|0
gener model|7|0
gener problem|3|0
gener queri|3|0
gener result|4|0
gener set|6|0
gener term|11|0
genet algorithm|11|11
genom|3|2
geometr model|2|2
geometri|8|1
girl|3|2
global|7|2
global inform|3|0
global util|3|1
goal|20|0
good|4|0
gossip|3|1
govern|6|1
gradient|6|0
grammar|4|0
graph|17|1
graphic|4|0
graphic user interfac|5|3
graviti|3|1
greater number|4|0
grid|10|1
grid comput|5|4
grid environ|4|1
grid resourc|3|0
ground|3|0
group|22|0
group member|3|0
growth|12|0
guarante|3|0
guid|3|0
guidelin|6|0
h2|3|2
h2o|2|2
half|7|0
hand|19|0
hard|4|0
hard problem|6|1
hardwar|6|0
haskel|3|2
health|3|0
health care|2|2
heat|10|0
heat equat|3|1
hebrew univers|4|0
help|8|0
hemelb|2|2
heterogen agent|3|1
heterogen environ|3|1
heurist|6|3
hierarch structur|3|1
high accuraci|4|0
high bid|4|0
high correl|3|0
high effici|3|0
high frequenc|4|0
high number|3|0
high perform|3|0
high perform comput|3|1
high perform fortran|6|4
high price|3|0
high probabl|5|0
high resolut imag|3|2
high score|3|0
high temperatur|5|0
high valu|4|0
higher accuraci|4|0
histori|9|4
homogen|2|2
hospit|4|0
host|3|0
hour|4|0
hpf|7|2
hpf compil|2|2
human|5|0
human agent|3|1
human factor|4|2
human interact|4|0
hybrid system|4|3
hypercub|3|3
hypothes|4|0
hypothesi|5|0
ibid|11|0
ibm|3|1
id|4|2
idea|29|1
identif|13|2
ii|20|0
iii|7|0
illustr|3|0
imag|31|7
imag compress|3|3
imag process|2|2
imag qualiti|6|4
imag reconstruct|2|2
imag segment|2|2
impact|26|0
implement|54|0
implic|13|0
implicit relev feedback|4|2
import|18|0
improv|30|0
imrt|4|0
in hous|4|0
incid|5|0
inclus|5|0
incomplet inform|3|1
inconsist|3|0
incorpor|3|0
increas|21|0
increas number|4|0
index|13|2
index size|3|0
index structur|3|1
india|4|3
indic|5|0
individu|5|0
industri|18|0
inequ|3|0
infer rule|3|1
infin|4|0
influenc|22|0
inform|104|0
inform architect|4|2
inform architectur|4|4
inform content|4|1
inform filter|5|1
inform literaci|2|2
inform process|3|0
inform profession|3|1
inform retriev|21|7
inform retriev system|3|0
inform scienc|5|1
inform search|25|1
inform sourc|4|0
inform storag|11|0
inform system|13|6
inform technolog|14|9
infrastructur|6|1
initi|11|1
initi agent|3|0
initi condit|3|0
initi number|3|0
initi queri|5|0
initi state|6|1
initi valu|3|1
inject|4|0
inlier|2|2
innov|5|1
input|25|0
input data|4|0
insight|13|0
inspect|3|2
instanc|18|0
institut|9|0
instructor|6|1
instrument|4|0
insur compani|3|1
integ|3|0
integ program|3|3
integr|22|2
intellig agent|5|0
intellig inform retriev|3|0
intens|5|1
inter agent commun|2|2
interact|35|0
interact protocol|5|1
interact state|3|0
interconnect|3|1
interest|30|1
interfac|9|0
interfac design|2|2
intermedi node|4|1
intern node|4|0
intern state|3|2
internet|32|28
internet activ|2|2
internet connect|3|1
internet traffic|2|2
interpret|8|1
interrupt|4|1
intersect|4|0
interv|7|0
intrus detect system|4|4
intuit|3|0
invari|4|0
invers document frequenc|6|0
invers problem|2|2
invest|8|3
investig|14|0
ip|5|0
ir|4|0
ir system|3|0
irradi|2|2
isogeometr analysi|2|2
isol|3|0
israel|5|0
issu|41|0
item|11|0
iter|14|2
iter algorithm|3|3
iv|3|0
japan|5|1
jason|3|0
java|4|3
java program|3|0
jerusalem|4|0
job|11|1
joint action|3|0
judgment|4|1
kei|3|0
kei concept|3|0
kei role|4|0
kei technolog|3|0
kernel|2|2
keyword|5|0
kind|28|0
knapsack problem|4|1
knowledg|38|1
knowledg acquisit|3|3
knowledg base|6|4
knowledg base approach|2|2
knowledg base system|3|3
knowledg manag|2|2
knowledg share|3|1
kontiki|2|2
la avenida|3|0
label data|3|0
lack|6|0
lamin|2|2
land|3|0
languag|17|0
languag model|7|4
languag model approach|4|0
larg number|33|0
larg problem|4|1
larg scale|4|0
larg scale system|3|2
larg set|6|0
larg system|4|0
larg valu|4|0
larg volum|3|0
laser|4|1
laser puls|2|2
law|4|0
law firm|4|2
layer|10|0
leaf node|6|0
learn|9|1
learn agent|3|1
learn algorithm|4|1
learn process|4|1
learn task|3|0
learner|3|0
leav|3|0
leg|3|0
length|17|0
lesson|5|0
letter|10|0
level|33|0
li|5|1
librari|21|2
librarian|7|2
librarianship|4|3
life|7|0
ligand|3|1
likelihood|4|0
limit|38|0
limit number|3|0
line|14|0
linear|3|0
linear constraint|3|0
linear equat|4|3
linear model|3|2
linear program|5|2
linear program problem|3|0
linear system|6|5
linear time|5|0
linear time invari system|5|4
link|14|1
liposom|3|3
literatur|37|0
littl inform|3|0
liu|3|0
lm|4|1
load|9|1
load balanc|3|0
local|8|2
local accuraci|3|0
local error|3|1
local function|3|0
local inform|3|0
local interact|3|0
local model|3|0
local node|4|0
local optim solut|3|0
local resourc|3|0
local solut|3|0
local system|3|0
local user|4|0
locat|20|0
locat accuraci|3|0
locat inform|4|0
log|9|0
logic|6|0
long term|4|0
long time|5|0
look|5|0
loop|4|0
loss|6|0
lot|10|1
low cost|3|0
low frequenc|3|0
low number|3|0
low valu|3|0
lower bound|15|5
lower complex|3|0
lowest bid|3|0
m2|3|0
machin|9|0
machin learn|4|4
magnet field|6|4
magnitud|13|1
mainten|5|0
major|9|0
major compon|5|0
major function|3|0
major issu|4|0
major search engin|4|0
major type|3|0
manag|19|1
manag scienc|4|2
manet|3|2
manipul|3|0
manner|4|0
manufactur|13|4
manufactur process|5|0
map|14|2
march|3|0
market|23|3
market mechan|3|0
market price|4|0
market share|3|0
markov model|3|0
mass|4|0
massachusett|3|0
match strategi|2|2
materi|25|0
materi handl|2|2
mathemat|6|1
mathemat model|11|6
mathemat morpholog|2|2
matlab|3|1
matric|3|0
matrix|9|1
matrix form|3|0
maximum|9|0
maximum entropi|3|1
maximum likelihood estim|4|3
maximum number|9|0
maximum util|5|0
maximum valu|5|1
mb|3|0
mc|4|1
mean|17|0
measur|46|4
measur data|3|0
measur nois|3|0
measur valu|5|0
mechan|33|3
mechan design|6|3
mechan design problem|3|0
mechan properti|3|0
mediat|3|2
medicin|3|2
medium|6|0
meet|4|0
melt|2|2
member|12|0
memori|8|1
mesh|4|2
meson|4|2
messag|14|2
metadata|4|2
metal|5|1
method|5|1
methodolog|18|0
metric|3|0
mev|3|0
mi|4|0
microsoft|3|2
microsoft research asia|3|0
microstructur|5|1
middlewar|4|2
migrat|3|1
mind|10|0
minim|4|1
minimum valu|3|0
minor|3|0
mission|3|0
mix|3|0
mixtur model|4|0
mn|3|0
mobil|3|0
mobil ad hoc network|3|3
mobil agent|3|2
mobil devic|4|1
mobil network|3|2
mobil node|3|0
mode|9|0
model|162|6
model approach|2|2
model paramet|6|0
model structur|3|1
modif|15|0
modul|7|1
molecul|9|3
moment|4|0
momentum|5|0
monei|6|0
monitor|7|0
monoton|4|2
mont carlo method|3|1
mont carlo simul|4|3
month|5|0
morpholog|4|0
motion|15|0
motiv|5|1
mountain view|3|0
movement|4|0
mp|3|0
mp3|2|2
mr|3|0
msr|2|2
mu|9|0
multi agent|3|0
multi agent system|15|9
multi unit auction|3|1
multiag system|9|4
multiattribut auction|2|2
multilay feedforward neural network|2|2
multilay perceptron|2|2
multimedia content|3|0
multipl|3|1
multipl agent|9|1
multipl applic|3|0
multipl auction|3|1
multipl buyer|3|0
multipl cluster|3|0
multipl node|3|0
multipl object|3|1
multipl sourc|4|0
mwsn|2|2
nasa johnson space center|2|2
nash equilibrium|10|6
nash equilibrium strategi|3|0
natur|28|0
navig|3|0
necess|4|0
necessari condit|5|3
need|38|0
neg result|3|0
neg util|3|0
negoti|11|5
negoti issu|3|0
negoti model|3|0
negoti outcom|3|0
negoti problem|4|0
negoti process|5|0
negoti strategi|4|1
neighbor agent|3|0
neighbor node|3|0
neighborhood|4|1
netherland|3|2
network|50|3
network flow problem|3|0
network model|3|0
network size|3|0
network topolog|6|3
neural network|13|4
neuron|4|1
neutrino|2|2
new|5|0
nitrogen|2|2
node|34|2
node densiti|4|0
node local|3|0
node locat|3|0
nois|13|2
nois level|4|3
nomad|2|2
non cooper game|4|0
nonlinear dynam system|3|1
nonlinear system|11|5
normal|3|1
notat|3|0
notion|9|0
novelti|6|0
np hard problem|3|0
nuclear physic|3|2
nucleon|2|2
numer|3|0
numer approxim|2|2
numer exampl|15|0
numer illustr|3|1
numer method|7|3
numer model|3|1
numer optim|2|2
numer result|7|2
numer simul|7|3
numer solut|7|2
numer studi|3|1
numer test|3|2
nurb curv|2|2
object|54|0
object function|6|3
observ|25|5
observ behavior|3|0
obtain result|3|0
occurr|6|0
od steel|2|2
offer|7|0
offic|8|0
oil|3|0
omega|5|0
on|6|0
onlin auction|3|2
onlin market|2|2
onset|5|0
ontolog|7|4
open problem|10|0
open system|8|1
oper|40|0
oper condit|3|1
oper research|5|3
oper split|3|3
opinion|3|0
opportun|16|0
optic properti|3|2
optim|18|3
optim action|4|0
optim algorithm|4|1
optim alloc|8|3
optim bid strategi|3|1
optim control|6|6
optim control problem|3|2
optim design|3|0
optim error estim|3|2
optim mechan|3|0
optim method|3|1
optim number|8|0
optim polici|4|0
optim problem|14|4
optim schedul|2|2
optim set|6|0
optim solut|17|3
optim strategi|9|1
optim strategi profil|3|0
optim techniqu|6|1
optim valu|8|0
optimis|3|1
optimis problem|4|0
option|15|3
or 2|3|0
order|121|0
organ|21|4
organiz design|3|1
orient|8|1
orthogon|2|2
other|19|0
outcom|12|0
outlier|6|1
outlin|3|0
output|12|0
overal perform|4|0
overal system|4|0
overal system perform|5|0
overhead|5|0
ownership|3|0
oxid|4|4
oxid layer|3|3
p1|3|0
p2p|5|1
p2p system|3|1
pa|9|1
pack|5|0
packag|8|1
packet|5|0
packet loss|3|2
pagerank|3|2
pair|10|0
paper address|6|0
paper deal|7|0
paper studi|4|0
parabol equat|2|2
paradigm|10|0
parallel|6|1
parallel comput|4|4
parallel program|2|2
paramet|43|2
paramet estim|2|2
paramet valu|7|0
paramet variat|3|1
parametr|3|1
parent node|3|0
parti|7|0
partial order|3|1
particip|20|0
particl|17|8
partit|6|0
partnership|3|2
passag|3|0
past decad|3|0
patch|4|1
path|12|0
patient|15|2
patron|3|1
pattern|12|0
pattern recognit|2|2
payment|9|0
payment scheme|5|0
payoff|5|0
payoff vector|3|0
pb|3|1
pc|7|2
pca|3|2
pda|4|1
pde|3|2
peak|4|0
pedagogi|3|1
peer to peer|2|2
pen|3|1
peopl|20|0
percent|3|0
percentag|3|0
percept|6|0
perfect inform|3|0
perform|91|5
perform degrad|3|0
perform evalu|6|0
perform improv|4|1
perform measur|10|3
period|6|0
period boundari condit|2|2
person|9|1
person comput|3|3
person inform|3|1
perspect|12|0
perturb|3|0
pervas comput|2|2
phase|12|0
phase transit|5|2
phenomenon|9|0
pheromon|3|1
phi|3|0
photon|4|3
phy|3|0
physic|6|0
physic phenomena|3|0
pi|6|0
pictur|5|0
piec|6|0
piezoelectr actuat|3|3
pittsburgh|4|0
pivot|3|2
pixel|5|1
place|25|0
placement|4|0
plan|10|2
plane|3|0
plant|5|1
plasma|2|2
plastic|3|0
platform|5|0
player|16|0
polar|5|1
polici|5|0
polym|8|5
polym crystal|2|2
polymer|3|2
polynomi|8|6
polynomi time|7|3
polynomi time algorithm|5|0
popul|6|1
popular|3|0
portal|3|1
posit|22|3
posit control|3|3
posit exampl|4|0
posit inform|3|0
posit result|3|0
possibl|23|0
potenti|4|1
potenti applic|5|0
potenti function|2|2
potenti us|3|0
power|14|0
power plant|3|1
power system|5|0
power system simul|2|2
pr|4|1
practic|14|0
practic applic|6|0
precis|4|0
predict|24|1
predict accuraci|3|1
prefer|4|1
prepar|5|0
presenc|29|1
present|4|0
preserv|5|0
pressur|9|0
price|17|4
princip compon analysi|6|5
principl|18|0
priori inform|3|0
prioriti|3|0
privaci|3|2
privat inform|12|0
probabilist model|3|1
probabl|29|13
probabl densiti function|3|1
probabl distribut|11|3
probabl distribut function|3|0
probabl estim|4|2
probabl function|3|0
problem complex|9|0
problem descript|3|0
problem domain|5|0
problem instanc|4|0
problem size|4|0
problem solv|3|0
procedur|22|0
process|81|1
process time|4|1
processor|8|0
product|39|5
profess|6|1
profession|5|0
profil|10|0
profit|4|1
program|37|2
program languag|6|0
programm|6|0
progress|4|0
project|16|0
promis|3|0
promis approach|3|0
proof|12|1
propag|6|0
properti|46|0
proport|8|0
propos|14|0
prospect|8|0
protect|4|0
protocol|21|7
prototyp|3|0
prototyp system|4|0
provid|4|0
public|5|0
publish|6|2
puls|4|0
pure strategi|6|1
pure strategi nash equilibria|3|0
purpos|25|0
q q|2|2
qcd|4|2
qualiti|17|0
qualiti control|2|2
quantif|4|0
quantit analysi|5|2
quantiti|8|0
quantum|3|0
quantum algorithm|2|2
quantum commun|2|2
quantum comput|7|7
quantum entangl|2|2
quantum field|2|2
quantum inform process|2|2
quantum mechan|3|2
quantum state|3|2
quantum system|5|2
quantum teleport|2|2
quark|3|1
qubit|5|3
queri|26|2
queri classif|3|2
queri difficulti|4|0
queri expans|6|1
queri formul|3|0
queri model|4|1
queri process|3|1
queri qi|3|0
queri result|3|0
queri set|4|0
queri term|14|0
queri time|3|0
queri topic|3|0
queri type|5|0
queri word|3|0
queue|3|0
race|3|0
radial basi function|3|1
radiotherapi|3|1
random|4|1
random sampl|3|0
random walk|3|0
rang|29|0
rank|5|1
rank algorithm|5|0
rank document|4|0
rank function|5|1
rank list|3|0
rank method|4|0
rank model|2|2
rank result|6|0
rate|30|2
ratio|11|1
ration agent|5|0
ration choic theori|2|2
ration player|3|0
reaction|8|0
reactor|2|2
real data|3|0
real system|3|0
real time|10|0
real world|3|0
real world problem|3|0
realiti|4|0
realiz|5|0
reason|23|2
reason mechan|3|1
recognit|8|3
recommend|7|1
recommend system|5|2
reconstruct|5|0
reconstruct algorithm|3|1
record|5|0
record capac|2|2
recoveri|4|2
reduct|10|1
ref|7|0
refer|12|0
refin|4|0
regard|5|0
regim|3|0
region|21|0
regul|5|1
regular|6|1
reinforc learn|3|3
rel perform|3|0
relat|19|0
relat work|4|0
relationship|34|0
relev|7|0
relev document|13|0
relev feedback|4|2
relev inform|7|0
relev judgment|3|0
relev result|5|0
relev score|4|0
reliabl|14|7
relianc|4|0
remain agent|3|0
remark|3|0
remot host|3|0
remot locat|3|2
replac|4|0
repli|5|1
repres|4|0
represent|17|1
reput|3|2
reput system|4|2
request|7|1
requir|17|0
research|60|0
research librari|2|2
reserv price|4|0
residu|3|0
resist|3|0
resolut|17|1
resourc|28|3
resourc alloc|3|1
resourc constraint|3|0
resourc requir|4|0
resourc share|3|0
respect|43|0
respect agent|3|0
respons|26|1
respons time|4|0
rest|3|0
restrict|6|0
result|25|0
result page|4|0
retriev|16|1
retriev algorithm|3|0
retriev document|8|0
retriev effect|5|0
retriev evalu|3|0
retriev function|3|0
retriev model|11|1
retriev perform|8|1
retriev result|6|0
retriev system|6|0
retriev task|4|0
revenu|3|2
reward|3|0
right|5|0
ring|3|0
rise|8|0
risk|7|2
rm|2|2
rmit univers|4|0
road|5|0
robot|6|2
robot dynam|2|2
robot system|3|2
robust|22|7
robust control|2|2
roi|4|0
room temperatur|3|0
root|7|0
root node|5|0
round|3|0
rule|24|0
rule surfac|2|2
run time|4|0
s1|5|0
s2|4|0
sa|5|2
safeti|4|1
sale|3|2
sampl|18|3
satisfact|4|0
satur|4|1
sc|3|0
scalabl|8|4
scalar|4|0
scale|9|1
scale factor|5|1
scan electron microscop|2|2
scan electron microscopi|2|2
scatter|6|1
scenario|9|0
scene|9|1
scene illumin|2|2
schedul|5|2
schedul problem|5|1
scheme|36|0
scholarli publish|4|2
school|16|0
sci|3|0
scienc|14|2
scientist|3|0
scope|5|0
score|11|0
seal bid auction|3|0
search|24|1
search engin|14|5
search engin queri|3|0
search process|9|0
search queri|8|0
search result|14|0
search session|4|0
search strategi|3|0
second|14|0
second algorithm|3|0
second player|3|0
second price auction|4|0
sector|3|0
secur|11|4
segment|10|1
select|8|0
select featur|3|0
self assembl|2|2
self interest agent|3|0
selfish agent|3|0
seller|3|0
sem|4|4
semant|6|0
semant web|3|3
sens|9|0
sensit|11|2
sensor|15|4
sensor network|5|4
sensor node|6|1
sensor node locat|3|0
separ|6|1
septemb|3|0
sequenc|20|1
sequenti auction|3|0
sequenti decis make|2|2
seri|13|0
server|10|0
servic|32|0
servic provid|6|1
set|10|0
sgml|2|2
shape|16|0
shaplei valu|3|3
share|8|1
sharp contrast|3|0
shell|2|2
shift|5|0
short queri|3|0
short time|5|0
shortcom|3|0
shortest path|4|0
show|5|0
si|3|0
signal|16|0
signal process techniqu|2|2
signal to nois ratio|3|2
signific|6|0
silicon|5|1
similar|4|0
similar measur|3|1
simpl case|4|0
simpl exampl|3|0
simpl method|5|0
simpl model|4|0
simplest case|3|0
simplic|8|0
simul|45|17
simul anneal|2|2
simul data|3|1
simul experi|7|1
simul model|5|1
simul result|19|1
simul studi|9|0
singl agent|11|0
singl auction|3|0
singl bid|4|0
singl bidder|4|0
singl item|3|0
singl item auction|3|0
singl node|5|0
singl player|4|0
singl queri|4|0
singl seller|3|0
singl term|3|0
singl user|3|0
singular|4|1
singular perturb theori|2|2
sio2|2|2
site|15|0
situ|3|0
situat|22|0
size|35|0
skill|8|0
sm|3|3
small cost|3|0
small number|12|0
small set|5|0
smart structur|2|2
smooth|3|0
social commit|3|2
social impact|2|2
social scienc|2|2
societi|8|1
softwar|27|3
softwar agent|5|2
softwar compon|3|1
softwar packag|3|3
solar cell|2|2
solut concept|5|0
solut qualiti|5|0
solvent|3|0
sound|3|1
sourc|25|0
southampton|3|0
space|16|0
span|4|0
special case|19|1
special kind|3|0
specialti|3|0
specif|15|1
spectrum|7|0
specul|3|0
speech recogn|2|2
speed|13|0
sphere|5|1
split|4|0
sponsor search|4|2
sponsor search advertis|3|0
spreadsheet|2|2
squar|3|0
squar root|4|0
stabil|31|8
stabil analysi|3|2
staff|4|0
stage|9|0
stainless steel|2|2
standard|7|4
standard approach|4|0
standard deviat|4|2
standpoint|3|0
stanford|3|0
start point|3|0
state|47|0
state feedback|2|2
state space|8|1
state vector|3|1
statement|4|0
statist|8|2
statist analysi|3|3
statist process control|2|2
steadi state|7|1
steel|5|4
step size|3|0
stock|3|2
storag|12|1
stori|3|0
strateg analysi|2|2
strategi|44|1
strategi profil|7|1
stream|4|0
strength|14|0
stress|4|0
string|5|0
strong correl|3|0
structur|52|1
student|19|2
su|3|0
sub infin|7|0
subject|7|0
subject descriptor|9|0
subset|15|0
substitut|3|0
substrat|7|2
success|11|0
suffici condit|10|2
suggest|4|0
sum|8|0
superior|3|0
suppli chain|3|3
supplier|3|0
support|21|0
surfac|24|3
survei|10|1
switch frequenc|2|2
sym|3|0
symmetri|3|0
synthesi|6|0
synthet imag|2|2
system|198|0
system architectur|5|2
system compon|3|0
system consist|3|0
system design|10|1
system dynam|4|0
system evalu|4|1
system output|3|0
system perform|10|1
system state|5|0
t0|4|0
t1|3|0
t2|3|0
tablet pc|2|2
target|6|1
task|33|0
taxonomi|4|0
teach|3|2
teacher|4|3
technic support|2|2
techniqu|74|0
technolog|62|1
technolog chang|3|1
telecommun|3|1
telemedicin|2|2
tem|4|4
temperatur|15|1
temperatur cycl|2|2
temperatur distribut|3|1
tempor|3|0
tempor constraint|2|2
term|69|0
term frequenc|4|1
term vector|3|0
test|23|1
test case|3|0
test collect|4|1
test queri|4|0
text retriev confer|3|0
textur|3|1
theorem|9|0
theoret result|6|0
theoret studi|3|1
theori|30|0
therapi|3|0
theta|4|0
thick|4|0
thin film|3|2
thought|3|0
thousand|6|0
threat|3|0
threshold|6|1
ti|6|2
time complex|3|1
time constraint|5|0
time delai|3|1
time domain|3|0
time horizon|3|0
time interv|8|0
time period|7|0
time point|5|0
time seri|2|2
time slot|3|0
time step|13|0
time ti|3|0
time unit|5|0
tip|5|0
titl|4|0
todai|6|0
tool|44|0
top rank document|3|0
topic|8|0
topolog|9|2
total cost|10|0
total number|20|0
total payment|7|0
total time|3|0
total valu|5|0
track|7|4
trade|5|1
tradeoff|5|0
trader|4|0
traffic|9|1
train|10|1
train data|9|1
train queri|3|0
trajectori|4|0
transact|4|0
transfer|3|0
transform|6|1
transient respons|2|2
transit|13|0
translat|5|1
transmiss|7|1
transmiss electron microscopi|2|2
transport|4|1
treatment|8|0
trec collect|3|0
tree|8|0
trend|14|1
trial|4|0
triangl|4|1
true valu|11|0
trust|4|2
trust model|3|1
truth auction|3|0
truth bid|3|0
truth mechan|3|0
tumor|3|0
tuoma sandholm|4|0
turn|4|0
two phase flow|2|2
type|64|1
uk|9|2
ultrasound|2|2
uncertainti|22|2
understand|17|0
undirect graph|3|2
unifi framework|2|2
unifi model languag|2|2
unifi view|5|0
uniform|3|0
uniform distribut|3|0
union|4|0
unit|16|0
unit kingdom|3|1
univers|42|3
unknown dynam|2|2
upper bound|11|1
uptak|3|0
us|4|0
usa|18|2
usabl|3|0
user|64|0
user action|5|0
user behavior|5|1
user experi|6|0
user feedback|3|0
user interact|5|1
user interest|5|0
user interfac|3|1
user navig|3|0
user perform|2|2
user prefer|5|1
user profil|4|1
user queri|9|0
user satisfact|3|1
user studi|4|1
util|26|4
util function|17|1
util function ui|3|0
util valu|4|0
vacanc|3|0
vacuum|6|2
valid|13|1
valid result|3|0
valu function|8|1
valuabl inform|3|0
variabl|24|0
varianc|9|1
variant|11|0
variat|19|0
varieti|15|0
vcg|4|0
vcg mechan|6|0
vcg payment|5|0
vector|13|0
vector meson|3|2
vector quantiz|3|1
vehicl|5|0
veloc|9|2
vendor|6|1
verif|3|0
verifi|3|0
version|12|0
vertex|5|0
vertic|5|1
vessel|3|1
vi|3|0
viabil|4|0
vibrat|3|0
vibrat isol|2|2
vicin|3|0
vickrei auction|4|1
video|4|1
view|23|0
viewpoint|6|0
vincent conitz|4|0
virtu|4|0
virtual commun|2|2
virtual environ|3|1
virtual realiti|3|3
vision|4|0
visual|7|1
vivo|3|0
vocabulari|4|1
voic|3|0
voip|2|2
voltag|5|0
voltag control|2|2
volum|6|0
volunt|3|0
vote|4|1
vr|3|0
water|5|4
wave|4|2
wavelet|5|1
weak|6|0
web|32|2
web collect|3|0
web content|3|1
web graph|3|1
web page|15|0
web product|2|2
web queri|3|0
web retriev|3|0
web search|8|3
web search engin|10|2
web search experi|3|0
web search result|4|0
web server|7|2
web servic|5|3
web site|19|8
web technolog|3|1
week|5|0
weight|16|1
whilst|5|0
wide class|4|0
wide rang|9|0
wide varieti|3|0
widespread us|3|0
width|4|0
window|4|0
winner|3|0
wireless sensor network|3|2
wireless sensor node|3|0
wit|3|1
women|17|9
women particip|3|0
word|7|1
worker|3|0
workflow|3|1
world|17|0
world wide web|8|1
worst case|3|0
wu|3|0
xi|5|0
xml document|3|2
yield|8|1
york|3|0
zn|3|1
zone|4|0`

const WORDS = `1|14|2
2|9|2
3|3|0
4|5|2
7|4|2
a|9|2
a0|4|0
a1|9|0
a2|6|0
aa|5|1
ab|3|0
abb|4|3
abelian|5|1
abil|42|1
abov|4|0
absenc|8|0
absolut|14|2
absorb|3|3
absorpt|7|3
abstract|21|4
abund|3|0
ac|6|5
academ|13|7
acceler|9|4
accept|30|1
access|54|17
accid|4|2
accomplish|3|0
accord|4|0
account|46|7
accumul|5|0
accuraci|75|13
achiev|13|0
acid|3|1
acoust|9|5
acquisit|17|5
act|3|0
action|48|9
activ|86|24
actuat|16|12
ad|28|7
adam|5|1
adapt|71|38
add|3|1
adder|3|0
addit|65|3
address|18|4
adequ|3|0
adhes|3|2
adjac|14|4
adjoint|4|2
adjust|15|3
administr|19|5
admiss|6|2
adopt|13|2
adsorpt|3|1
advanc|41|7
advantag|56|2
advent|4|1
advers|3|1
advertis|15|7
advic|7|1
affect|7|0
affin|3|2
aforement|6|0
ag|18|4
agenc|13|3
agenda|3|0
agent|76|39
aggreg|29|10
aggress|4|0
agil|5|5
agreement|26|3
agricultur|3|1
ai|13|2
aid|15|5
aim|29|0
air|18|8
aircraft|4|0
airport|3|1
aj|7|0
alarm|5|2
algebra|19|12
algorithm|251|107
alic|3|1
align|3|2
all|5|3
alloc|32|14
alloi|14|6
allow|11|1
alpha|7|0
altern|50|2
altruist|3|0
aluminum|8|1
ambient|6|4
ambigu|13|0
america|6|2
american|9|5
amherst|3|0
amount|11|0
amplitud|12|5
analog|15|3
analysi|147|79
analyst|4|0
analyt|28|12
anatom|3|1
anchor|6|1
and|7|5
angiograph|3|2
angiographi|4|0
angl|16|5
angular|8|4
anim|6|4
anisotrop|3|3
anneal|4|3
annot|7|1
annual|5|0
anomal|3|1
anonym|8|2
answer|11|2
ant|3|1
anti|3|1
anticip|3|0
apertur|4|2
appar|3|0
appear|12|0
appl|4|0
appli|21|3
applic|160|33
approach|183|40
appropri|3|0
approv|3|0
approxim|68|33
aqueou|4|2
arbitrari|34|2
arc|8|3
architect|4|2
architectur|63|23
archiv|10|5
archivist|4|2
area|73|4
arg|3|0
argument|16|3
aris|11|0
arithmet|3|1
arm|4|2
arrai|12|3
arrang|3|1
arriv|12|2
arrow|3|0
art|26|2
arteri|3|3
articl|3|0
artifact|7|1
artifici|36|13
ascend|4|1
asia|5|1
aspect|38|4
assembl|11|6
assert|4|0
assess|16|2
asset|7|3
assign|24|5
assist|10|2
associ|44|8
assum|10|0
assumpt|25|1
asymmetr|4|3
asymmetri|4|1
asymptot|13|7
asynchron|13|5
atm|4|4
atmospher|7|1
atom|26|16
atomist|3|2
attach|3|1
attack|9|3
attempt|26|0
attent|14|0
attenu|4|1
attitud|7|3
attract|13|0
attribut|15|2
au|4|0
auction|22|18
audio|6|4
augment|10|3
australia|6|1
authent|6|1
author|21|8
authorit|4|1
auto|4|4
autom|30|15
automat|29|11
automata|11|9
automaton|4|2
automot|3|0
autonom|25|7
auxiliari|3|0
av|4|0
avail|14|2
avenida|3|0
avenu|5|0
averag|83|15
avers|3|0
avoid|3|1
awar|14|6
award|3|0
axi|10|3
axial|7|3
axiom|7|3
axiomat|5|3
b|6|3
b1|4|0
back|5|2
background|27|6
bad|11|1
bag|3|1
bai|3|0
balanc|28|4
ball|4|2
band|16|6
bandwidth|19|3
bank|11|6
bar|3|1
barrier|5|2
baryon|3|0
base|187|79
baselin|19|1
basi|54|7
basic|59|2
batch|8|2
batteri|6|2
battl|3|0
bay|5|1
bayesian|11|6
beacon|3|0
beam|13|8
bear|9|6
begin|3|0
behavior|95|17
beij|3|0
belief|10|3
bell|3|0
belong|9|0
benchmark|22|4
benefici|4|1
benefit|35|3
benjamin|3|1
berkelei|3|0
best|12|1
beta|7|1
better|4|0
bezier|3|2
bi|10|1
bia|8|2
bias|6|1
bid|23|9
bidder|9|0
big|9|0
bigger|4|0
biggest|4|0
bilater|7|1
bin|6|0
binari|28|9
biolog|7|4
biologi|6|3
biomed|3|1
biotechnolog|3|3
bipartit|7|4
bit|24|8
bj|4|0
black|8|2
blade|3|1
blend|4|1
blind|5|1
block|24|11
blood|4|2
blue|5|1
bm25|4|0
board|9|4
bodi|18|6
boi|3|1
bold|4|0
boltzmann|6|3
bond|10|6
book|9|2
boolean|14|5
boost|5|2
bootstrap|3|1
boston|3|0
bottleneck|3|0
bound|68|17
boundari|46|22
box|13|0
brain|8|5
branch|15|5
brane|4|4
breadth|4|1
break|4|0
breast|5|4
bridg|4|1
brief|8|0
british|3|1
broad|17|1
broadband|10|5
broadcast|7|2
broader|5|0
brows|8|3
browser|8|4
bs|3|0
bt|3|0
bu|9|7
bubbl|5|3
budget|13|2
buffer|5|2
bui|4|0
build|34|1
bulk|9|3
bundl|8|0
burden|7|0
burst|3|1
busi|57|24
button|4|1
buyer|10|0
bx|3|0
by|8|2
c1|7|0
c2|8|0
cabl|5|3
cach|6|2
cad|6|1
cadastr|4|4
calcul|48|12
calculu|12|4
calibr|13|10
california|8|1
call|40|0
cam|5|2
cambridg|4|1
camera|11|7
campu|4|0
canada|4|1
cancel|5|2
cancer|6|2
candid|24|0
cao|3|0
capabl|54|3
capac|28|9
capacit|5|3
capacitor|4|2
capit|9|4
captur|5|0
car|5|2
carbon|6|5
card|5|1
cardiac|3|3
cardin|4|3
care|13|3
career|7|5
cargo|4|0
carlo|15|8
carnegi|7|1
carri|4|1
carrier|14|7
case|202|25
cash|3|1
cast|3|1
catalog|6|1
categor|4|3
categori|13|0
cathod|4|2
cation|3|1
caus|18|0
causal|4|2
caviti|3|2
cbr|4|1
cc|5|3
cdn|3|0
cedex|3|0
cell|36|22
cellular|6|6
cent|5|0
center|34|5
central|37|8
centroid|5|2
centuri|4|0
certain|3|0
certif|5|3
chain|21|12
challeng|37|3
chamber|5|3
chanc|3|0
chang|116|10
channel|29|12
chao|5|5
chaotic|6|4
charact|3|2
character|19|2
characteris|8|1
characterist|66|9
charg|24|11
chart|5|2
check|26|7
checkpoint|3|1
chemic|18|9
chemistri|4|4
chen|4|0
child|3|0
children|7|4
china|8|2
chines|7|3
chip|13|4
chiral|3|2
choic|46|6
chromat|3|3
chua|3|1
chunk|3|0
ci|11|0
cio|4|0
circl|4|1
circuit|21|14
circular|9|5
circumst|9|0
citi|4|0
cj|3|0
ck|3|0
cl|4|1
claim|5|1
clariti|3|0
class|88|11
classic|59|7
classif|44|18
classifi|14|5
claus|3|1
clear|15|1
click|9|1
clickthrough|3|0
client|29|9
climat|3|2
clinic|18|9
clip|4|2
clock|12|3
clone|4|2
close|41|17
cloud|3|2
cluster|32|11
cm|5|0
cmo|4|3
co|15|7
coalit|6|3
coars|7|4
coat|6|3
code|49|17
coeffici|37|12
cognit|11|4
coher|10|1
cohes|5|3
coil|5|1
collabor|24|5
collaps|4|0
colleagu|3|0
collect|51|14
colleg|13|1
collim|3|1
collis|10|5
colloid|3|1
color|14|8
column|10|1
com|6|0
combin|83|3
combinatori|18|10
comfort|3|3
command|7|0
comment|9|1
commerc|13|5
commerci|27|5
commiss|3|1
commit|7|5
commod|3|1
common|58|3
commun|105|40
commut|5|3
compact|15|2
compani|40|6
compar|22|3
comparison|67|3
compat|13|2
compens|14|9
compet|4|0
competit|27|12
competitor|3|0
compil|13|5
complement|5|0
complementar|3|2
complementari|5|0
complet|60|7
complex|130|39
complianc|7|4
compliant|5|1
complic|9|1
compon|113|38
compos|3|1
composit|28|14
compound|4|1
comprehens|9|0
compress|21|11
compromis|6|0
comput|293|123
computer|3|2
concav|4|2
concentr|13|6
concept|61|5
conceptu|13|6
concern|19|0
concis|3|0
conclus|3|0
concret|10|2
concurr|11|4
condit|127|35
conduct|11|5
conductor|5|2
cone|8|4
conf|3|0
confer|7|2
confid|16|6
confidenti|3|0
configur|34|8
confin|4|1
conflict|11|4
conform|9|6
confus|5|0
congest|9|4
conic|3|1
conitz|4|0
conjectur|8|1
conjug|6|4
conjunct|5|1
connect|49|17
connector|4|2
consecut|16|3
consensu|4|1
consequ|23|1
conserv|17|6
consid|9|0
consider|20|0
consist|41|8
constant|39|11
constitu|13|6
constitut|6|3
constrain|13|3
constraint|70|22
construct|55|10
consult|9|4
consum|14|5
consumpt|12|4
contact|16|7
contain|4|0
contemporari|9|0
content|71|25
context|68|10
contextu|6|3
contigu|3|1
continu|66|18
continuum|4|3
contour|6|4
contract|15|5
contractor|3|0
contradictori|4|1
contrari|4|0
contrast|32|2
contribut|36|2
control|198|110
convect|7|4
conveni|7|0
convent|6|0
converg|36|17
convers|15|4
convert|10|4
convex|14|7
convolut|6|5
cool|8|6
cooper|31|10
coordin|20|6
copi|8|4
copolym|3|2
copper|5|5
copyright|4|2
core|33|5
cornel|5|2
coronari|3|3
corpor|8|3
corpora|3|0
corpu|8|1
correct|46|10
correl|45|17
correspond|10|2
corros|8|4
cosmolog|3|2
cost|92|25
costli|6|2
coulomb|6|5
council|5|0
count|8|1
counter|4|1
counterpart|6|0
countri|9|0
coupl|33|20
cours|17|2
court|3|1
covari|7|5
cover|13|2
coverag|8|2
cpu|6|2
cr|3|0
crack|7|5
crash|3|0
crawl|4|1
creation|11|0
credit|11|2
cricket|3|0
crisi|6|3
criteria|24|3
criterion|22|5
critic|50|17
cross|31|14
crucial|7|1
cryptographi|3|2
crystal|8|5
cs|8|0
csp|3|2
ct|8|3
cue|3|2
cultur|14|8
cumul|12|2
current|22|9
curv|34|13
curvatur|4|3
custom|40|6
cut|15|10
cutoff|3|0
cycl|27|10
cyclic|9|3
cylind|3|2
cylindr|4|2
d|12|3
dai|17|1
daili|3|0
damag|6|2
damp|11|3
damper|3|1
danger|4|0
dash|4|0
data|252|79
databas|43|21
dataset|16|1
date|5|0
david|10|1
dc|10|4
de|5|0
dea|3|1
dead|4|2
deal|24|0
debat|7|0
decad|14|0
decai|11|6
decemb|3|0
decentr|14|4
decis|90|28
declar|4|1
declin|3|0
decod|3|0
decoher|5|3
decompos|3|0
decomposit|21|12
deconvolut|3|3
decreas|30|2
dedic|4|3
deep|6|2
deeper|4|0
default|13|2
defect|11|4
defens|3|0
defin|32|2
definit|38|1
deflect|5|1
deform|15|9
degener|3|0
degrad|10|0
degre|60|6
delai|28|13
delaunai|4|3
deliber|3|1
deliv|3|0
deliveri|28|6
delta|8|2
demand|30|4
demonstr|5|1
dens|9|5
densiti|43|12
depart|33|0
departur|3|0
depend|57|20
deploi|6|0
deploy|10|1
deposit|13|11
dept|4|0
depth|16|4
der|3|1
deriv|32|3
descent|4|2
describ|13|0
descript|49|9
descriptor|17|5
design|182|48
desir|14|2
desktop|4|0
destin|7|1
detail|38|2
detect|61|26
detector|17|7
deterior|3|0
determin|24|3
determinist|16|7
develop|103|15
deviant|3|0
deviat|21|5
devic|60|20
dft|3|3
di|8|1
diagnosi|16|6
diagnost|11|7
diagon|6|3
diagram|12|8
dialog|4|1
diamet|11|0
diamond|3|1
dictionari|4|3
dielectr|3|1
differ|79|9
differenti|34|24
difficult|14|0
difficulti|26|0
diffract|3|1
diffus|25|9
digit|53|36
dimens|35|5
dimension|59|22
diminish|3|1
dipol|6|2
dirac|4|2
direct|85|20
director|8|3
directori|9|4
dirichlet|4|1
disabl|3|1
disadvantag|9|0
disappear|4|0
disast|6|3
disciplin|13|0
discontinu|7|1
discount|7|2
discoveri|13|4
discrep|7|1
discret|56|23
discretis|4|2
discrimin|7|2
discuss|5|1
diseas|7|4
disjoint|9|3
disk|16|7
disord|4|2
dispar|6|1
dispatch|3|2
dispers|8|4
displac|10|4
displai|13|5
disrupt|3|2
dissemin|4|1
dissip|6|4
dissoci|3|1
distanc|36|8
distil|3|2
distinct|6|1
distort|10|7
distribut|169|74
disturb|21|10
diverg|4|0
divers|12|1
divis|19|4
dk|3|0
dm|4|0
dna|4|1
document|45|16
dod|3|1
doesn|4|0
dollar|6|1
domain|89|24
domin|24|1
door|3|0
dose|5|5
dosimetr|3|2
dot|3|0
doubl|15|6
downstream|4|0
dp|3|0
dramat|3|0
drawback|9|0
drive|15|8
driver|8|0
drop|16|2
droplet|6|4
drug|4|1
ds|6|0
dsc|3|1
dsl|3|1
dt|4|1
du|4|0
dual|18|4
dualiti|4|1
dummi|4|0
duplic|4|1
durat|15|1
dutch|3|0
duti|6|2
dynam|138|68
e|21|14
e1|3|0
earli|17|0
earliest|3|0
earth|3|1
easi|4|0
ebastien|3|0
econom|30|12
economi|3|1
ecosystem|3|0
edg|38|15
edit|7|2
educ|27|13
effect|187|22
efficaci|7|0
effici|72|12
effort|33|1
eigenvalu|3|0
einstein|5|2
elabor|3|1
elast|11|4
electr|29|15
electrochem|4|3
electrod|10|5
electromagnet|11|9
electron|59|40
element|85|32
elementari|6|4
elimin|8|2
em|9|3
embed|14|8
emerg|18|3
emiss|9|5
emot|5|3
emphasi|3|0
empir|18|5
emploi|5|0
employ|4|1
employe|3|1
empti|3|0
en|4|0
enabl|15|2
enact|3|1
encapsul|3|2
encod|14|4
encount|9|2
encrypt|3|2
end|44|4
endpoint|3|1
energi|72|25
enforc|7|2
engag|6|1
engin|81|28
english|11|3
enhanc|21|5
enorm|7|0
enrich|5|1
ensembl|4|2
entangl|8|7
enterpris|23|5
entiti|16|1
entri|9|1
entropi|12|5
enumer|9|3
envelop|3|2
environ|91|31
environment|13|3
ep|3|0
epsilon|4|0
equal|26|1
equat|72|49
equilibria|11|1
equilibrium|27|10
equip|10|2
equit|3|0
equiti|3|1
equival|25|6
era|5|0
eric|3|0
eros|3|0
erp|6|3
error|94|42
essenti|11|0
establish|4|0
estat|3|1
estim|85|28
euclidean|6|3
euler|3|2
europ|5|2
european|7|1
ev|7|0
evalu|67|14
event|45|12
eventu|4|0
everydai|3|0
evid|17|1
evolut|33|9
evolutionari|6|1
exact|32|5
exam|3|0
examin|7|1
exampl|78|3
exceed|3|0
except|3|1
excess|9|2
exchang|34|14
excit|16|6
exclus|5|0
execut|35|7
exemplar|3|0
exhaust|8|2
exhibit|16|0
exist|27|2
expand|6|0
expans|33|11
expect|52|3
expens|9|0
experi|134|21
experiment|109|15
expert|20|4
expertis|7|0
explan|5|0
explicit|35|13
exploit|7|0
explor|6|1
explos|6|3
expon|6|2
exponenti|20|9
exposur|5|2
express|27|4
extend|25|9
extens|56|7
extent|14|1
extern|28|7
extra|22|1
extract|20|7
extrem|12|2
ey|6|2
f|3|1
fabric|10|3
face|24|7
facil|23|8
facilit|12|0
fact|39|1
factor|75|25
factori|6|3
faculti|10|4
fail|3|0
failur|30|9
fair|12|3
fall|5|0
fals|8|1
famili|27|2
familiar|8|0
fashion|9|0
fastest|4|0
fatigu|5|2
fault|16|8
favor|12|0
fcc|3|1
fe|8|2
feasibl|31|4
featur|100|16
feder|7|2
fee|3|2
feedback|55|28
feedforward|8|7
feel|4|1
feldman|3|0
fem|4|2
femal|6|4
ferrit|3|1
ferromagnet|6|4
fewer|15|0
fi|5|0
fiber|5|1
fidel|4|3
field|96|35
figur|19|1
file|15|3
fill|3|3
film|13|10
filter|48|29
final|51|1
financ|5|2
financi|16|7
find|14|5
fine|8|2
finer|3|0
finger|3|3
finish|4|0
finit|70|23
fire|4|3
firewal|3|1
firm|22|6
first|22|5
fission|3|2
fit|21|4
five|6|4
fix|36|7
fj|4|0
flash|3|1
flat|7|1
flavor|3|2
flexibl|38|8
flight|6|4
float|3|0
flood|6|3
floor|7|1
flow|68|33
fluctuat|11|5
fluid|9|4
fluoresc|5|2
flux|14|8
fm|6|5
focal|4|1
focu|13|0
follow|5|0
food|4|2
for|3|0
forb|3|0
forc|33|8
forecast|4|2
foreign|9|4
form|124|10
formal|37|10
format|40|7
formul|31|6
formula|34|6
fortran|8|5
forum|3|1
forward|5|0
fossil|3|2
found|4|1
foundat|8|1
four|11|3
fourier|9|7
fourth|3|0
fractal|4|4
fraction|29|8
fractur|4|3
fragment|14|8
frame|9|3
framework|95|28
franc|4|0
free|44|17
freedom|21|1
frequenc|72|28
frequent|7|0
friction|8|5
friendli|5|2
frontier|5|0
fs|4|0
fuel|5|3
full|12|3
fulli|3|1
function|252|87
fund|10|1
fundament|22|4
fuse|7|4
fusion|11|5
futur|62|3
fuzzi|33|27
ga|30|19
gage|8|0
gain|34|8
galerkin|5|2
game|39|20
gamma|7|0
gap|13|4
gate|11|9
gatewai|4|2
gather|7|0
gaussian|20|15
gender|6|5
gene|3|1
gener|240|50
genet|13|13
genom|3|2
geograph|7|1
geometr|28|18
geometri|34|13
germani|3|1
girl|3|2
give|4|0
given|4|0
glass|4|1
global|66|21
gluon|4|4
gmm|3|1
go|4|0
goal|42|4
gold|4|1
good|10|1
googl|3|0
gossip|3|3
govern|17|7
gp|4|3
gpr|3|1
grade|7|1
gradient|28|15
graduat|9|5
graft|4|2
grai|3|2
grain|13|4
grammar|4|1
grand|3|0
granular|4|1
graph|43|20
graphic|22|9
gravit|3|1
graviti|3|1
great|16|0
greater|24|0
greatest|9|0
greedi|11|1
grid|23|12
groov|4|2
ground|17|6
group|80|18
grow|14|1
growth|24|5
guarante|14|1
guess|4|0
gui|3|1
guid|9|2
guidelin|6|0
h1|3|0
h2|4|2
hadron|4|1
haifa|3|0
half|17|3
hall|4|1
hamiltonian|8|5
hand|26|1
handheld|4|3
handl|9|4
handwritten|3|3
hard|27|5
harden|4|3
hardwar|19|4
harmon|12|7
harvard|4|0
harvest|3|2
hash|6|0
haskel|3|2
hazard|4|0
hc|4|1
head|6|4
health|10|6
healthi|5|1
heart|4|3
heat|22|11
heavi|12|2
hebrew|5|0
height|8|1
help|10|0
helper|3|1
henri|3|0
herm|3|1
heterogen|25|8
heurist|23|11
hidden|8|2
hide|3|0
hierarch|19|8
hierarchi|15|5
higg|3|2
high|183|48
higher|83|6
highest|5|0
hilbert|4|1
hing|3|0
histogram|4|2
histor|15|1
histori|28|6
hit|6|1
hmm|3|1
hoc|13|4
hold|9|5
holder|4|1
hole|9|5
home|10|2
homogen|16|9
hop|8|2
horizon|8|3
horizont|7|1
hospit|8|2
host|19|2
hot|6|1
hotel|6|1
hour|9|1
hous|8|2
hp|7|0
hpf|7|5
hs|3|0
ht|3|0
html|5|0
hub|3|0
huge|6|1
human|45|17
hybrid|28|10
hyperbol|3|2
hypercub|6|4
hypergraph|3|3
hyperlink|3|0
hypothes|6|1
hypothesi|15|1
hypothet|3|0
hysteresi|4|1
i|9|0
ia|4|1
ian|3|0
ibid|11|0
ibm|5|1
ic|4|1
id|20|2
idea|36|1
ideal|14|2
ident|26|5
identif|33|8
identifi|18|3
idf|5|0
idl|6|1
ieee|3|1
ifaama|5|0
iff|6|0
ii|30|1
iii|10|0
ij|4|0
ill|3|0
illumin|4|3
illustr|11|1
imag|83|54
imageri|4|1
imagin|3|2
immedi|12|2
immers|4|1
impact|41|4
impair|3|2
imped|6|4
imperfect|3|1
implant|3|0
implement|92|10
implic|15|2
implicit|21|6
import|32|1
imposs|3|1
impress|4|1
improv|55|3
impuls|9|4
imrt|4|1
in|39|11
inaccur|4|0
inact|3|0
inappropri|4|0
incent|9|2
inch|3|0
incid|12|5
inclus|8|2
incom|14|0
incomplet|12|6
inconsist|6|2
incorpor|10|0
incorrect|6|1
increas|82|1
increment|12|2
independ|49|7
index|36|11
india|4|3
indic|28|4
indiffer|3|0
indirect|8|0
individu|12|1
indri|3|0
induc|7|3
induct|15|7
industri|54|21
ineffici|5|0
inequ|12|5
inerti|4|3
inevit|3|0
inf|3|0
infer|11|5
infin|12|0
infinit|22|5
inflat|5|2
inflect|3|2
influenc|39|2
influenti|6|1
inform|244|82
informat|3|1
informatik|3|0
infrar|6|0
infrastructur|28|9
ing|3|0
inher|13|1
inherit|3|1
inhibit|3|2
initi|114|18
inject|7|3
inner|8|2
innov|18|5
input|79|18
inquiri|3|1
insert|7|2
insight|19|0
inspect|7|4
inspir|3|0
instabl|5|5
instal|11|3
instanc|31|0
instant|3|0
instantan|9|4
institut|27|4
instruct|7|3
instructor|6|1
instrument|13|3
insur|6|1
integ|29|12
integr|77|33
intel|4|0
intellectu|5|1
intellig|46|16
intens|24|12
intent|6|1
inter|16|4
interact|97|33
interconnect|9|4
interdisciplinari|3|0
interest|53|2
interfac|45|18
interfaci|3|1
interfer|10|2
interferometr|3|0
interior|3|1
intermedi|15|1
intermediari|4|1
intern|45|13
internet|64|42
interoper|4|3
interpol|15|9
interpret|22|8
interrel|3|0
interrupt|5|1
intersect|7|2
interv|37|14
intervent|5|0
interview|5|1
intra|3|1
intranet|4|1
intrins|10|1
introduc|5|0
intrus|4|4
intuit|12|0
invari|27|15
inventori|4|1
invers|22|10
invert|8|4
invest|13|5
investig|25|1
involv|12|0
ion|10|7
ioniz|4|2
ip|11|6
ir|11|2
irradi|6|5
irregular|5|2
irrelev|6|0
island|4|0
iso|4|0
isol|11|2
isomorph|5|3
isospin|3|1
isotrop|7|6
israel|7|0
issu|82|3
item|24|2
iter|44|18
ith|9|0
iv|6|0
jacobian|3|2
jam|3|1
jame|4|0
japan|6|1
japanes|7|3
jason|4|0
java|9|5
jerusalem|5|0
jet|5|1
jing|3|0
job|19|6
john|8|1
joint|26|6
journal|6|3
jpeg|3|2
judg|6|0
judgment|14|3
jump|3|2
k|23|9
k1|3|0
kalman|7|4
keep|4|1
kei|40|3
kernel|7|3
keyboard|3|1
keyword|12|3
kim|5|0
kind|34|1
kinet|10|4
kingdom|3|1
km|3|0
knapsack|4|1
knowledg|75|27
known|14|0
kumar|3|0
kutta|7|3
l|6|3
la|9|0
lab|15|3
label|21|4
labor|3|0
laboratori|19|2
lack|10|0
lag|5|3
lagrang|4|1
lagrangian|5|4
lahai|3|0
lamin|3|2
land|8|2
languag|63|30
laplacian|4|2
larg|145|22
larger|3|0
largest|17|0
laser|13|11
last|12|1
latenc|9|2
latent|3|1
later|11|3
latest|10|1
lattic|15|8
law|41|22
layer|39|22
layout|5|1
lc|3|1
lcd|4|1
le|3|0
lead|24|3
leader|5|1
leadership|4|1
leaf|11|3
learn|49|30
learner|4|0
least|4|3
leav|6|2
lee|3|1
left|5|1
leg|3|2
legaci|4|1
legal|9|6
legisl|3|2
lemma|3|1
length|52|8
less|4|0
lesson|5|0
letter|14|1
level|143|16
leverag|3|0
lf|3|0
li|11|2
liber|5|2
librari|45|26
librarian|11|5
librarianship|4|3
licens|5|2
life|26|4
lifetim|5|1
lift|5|1
ligand|6|4
light|20|13
like|7|0
likelihood|14|4
lim|3|1
limit|112|14
line|51|16
linear|130|66
linguist|11|7
link|39|12
linkag|4|1
liposom|3|3
liquid|13|7
list|21|1
literaci|3|3
literatur|47|2
littl|21|0
liu|4|0
lm|6|2
load|51|20
loan|4|3
local|111|35
locat|46|10
log|21|2
logarithm|7|4
logic|49|25
logist|4|2
long|55|10
longest|3|0
longitudin|5|2
look|12|0
loop|33|23
loss|28|6
lossi|4|2
lossless|5|2
lot|11|2
low|98|25
lower|52|7
lowest|19|1
lu|3|1
lump|3|1
lyapunov|5|4
m|18|3
m2|7|0
m3|3|0
ma|10|0
mac|4|1
machin|60|24
machineri|3|0
macro|7|5
macroscop|6|1
magazin|3|0
magnet|19|12
magnitud|16|2
mail|10|8
mainstream|4|0
mainten|18|4
major|73|2
make|8|4
maker|12|3
male|5|2
malici|4|1
mammograph|3|1
manag|96|46
manageri|3|2
manet|3|3
mani|4|2
manifold|6|2
manipul|13|6
manner|16|1
manual|8|1
manufactur|43|28
map|50|18
march|3|0
margin|16|5
mark|9|2
market|63|26
marketplac|8|2
markov|12|4
markup|5|4
martin|3|0
mask|5|3
mass|22|10
massachusett|4|0
massiv|5|1
master|7|1
match|28|9
materi|59|25
mathemat|37|17
matlab|8|4
matric|13|6
matrix|53|26
matter|14|2
max|15|1
maxim|26|3
maximin|3|1
maximum|80|18
mb|4|0
mc|7|4
mean|49|8
meaning|6|0
measur|140|34
mechan|127|34
media|16|7
median|5|3
mediat|8|6
medic|12|5
medicin|4|3
medium|29|11
meet|9|0
mellon|7|1
melt|4|3
member|24|2
membership|8|0
membran|5|3
memori|28|12
mental|3|1
mention|12|0
mere|3|0
merg|4|1
merit|3|0
mesh|13|8
meson|10|6
messag|36|6
meta|8|2
metadata|4|3
metal|24|15
metaphor|5|1
method|248|101
methodolog|43|8
metric|12|5
mev|3|0
mf|3|1
mg|3|1
mi|8|0
michael|11|0
michal|6|0
micro|9|5
microscop|5|4
microscopi|5|5
microsoft|15|3
microstructur|11|2
mid|3|1
middl|8|1
middlewar|14|6
midlif|3|2
migrat|8|4
mill|9|7
mimo|4|2
min|8|2
mind|13|0
mine|16|3
minim|35|9
minima|3|1
minimax|3|0
minimum|49|10
minor|10|1
minut|6|0
miss|3|1
mission|9|3
mistak|3|0
mit|4|0
mix|33|11
mixtur|8|2
ml|3|0
mm|3|0
mn|5|1
mo|3|1
mobil|38|17
modal|7|5
mode|45|11
model|375|170
moder|9|1
modern|15|2
modif|23|3
modifi|18|7
modul|28|13
modular|8|1
modulo|4|0
modulu|5|1
moistur|3|1
mold|4|1
molecul|15|11
molecular|15|11
moment|15|5
momentum|11|3
monei|9|0
monetari|9|2
monitor|24|7
monom|5|4
monoton|14|7
mont|14|8
month|8|0
morpholog|10|4
mosh|3|0
motion|34|11
motiv|12|2
motor|8|5
mount|3|2
mountain|3|0
move|16|2
movement|13|2
movi|3|1
mp|3|0
mpeg|5|4
mpi|4|0
mr|6|1
mri|4|2
ms|6|2
msn|4|0
mu|12|0
multi|82|37
multiag|17|6
multiattribut|3|2
multicast|5|4
multidimension|4|2
multidisciplinari|3|0
multihop|3|1
multilay|8|5
multilevel|4|4
multimedia|7|4
multinomi|4|1
multipl|153|34
multir|5|5
multiresolut|4|3
multivari|12|6
municip|3|3
muscl|3|1
mutat|6|2
mutual|13|2
n|20|5
n1|4|0
naiv|6|0
name|7|1
nano|3|2
nanoparticl|4|4
nanostructur|3|1
narr|3|0
narrow|8|0
nasa|6|2
nash|15|6
nation|18|7
nativ|4|1
natur|75|3
navig|11|4
nc|4|2
near|8|3
nearbi|8|0
nearest|11|2
necess|6|0
necessari|20|3
need|48|1
neg|37|3
neglig|5|0
negoti|20|10
neighbor|23|2
neighborhood|10|1
nervou|3|1
nest|3|2
net|24|12
netherland|3|2
network|157|87
neural|32|25
neuron|6|4
neutral|12|4
neutrino|3|3
neutron|6|3
new|23|2
newton|5|4
newtonian|3|1
next|7|2
ng|3|0
ni|14|2
nice|5|0
nich|3|1
nickel|3|2
nitrogen|4|3
nj|3|0
nm|4|0
no|6|1
nodal|3|1
node|60|9
nois|39|21
noisi|8|1
nomad|3|2
nomin|7|2
non|107|13
nondeterminist|3|1
nonlinear|53|31
nonneg|6|1
nonsmooth|3|2
nonstationari|6|5
nontrivi|3|0
nonzero|8|1
norm|14|4
normal|51|13
north|8|4
notabl|3|0
notat|11|2
notic|3|0
notif|4|2
notion|15|0
novelti|8|1
np|9|0
nuclear|15|9
nuclei|3|1
nucleon|4|2
nucleu|3|2
null|4|2
number|124|12
numer|104|40
o|3|0
o2|3|1
object|98|28
oblig|3|0
observ|70|16
obstacl|6|1
obstruct|3|1
obtain|14|0
obviou|4|0
occup|5|2
occur|7|0
occurr|11|1
od|8|5
odd|6|2
of|38|5
off|9|1
offer|25|0
offic|20|2
offici|3|0
oi|3|1
oil|5|2
old|13|1
older|3|0
omega|6|0
on|55|13
ongo|3|0
onlin|41|19
onset|6|0
ontolog|9|6
open|61|15
oper|148|45
opinion|7|0
oppon|4|0
opportun|24|3
opposit|3|0
optic|29|20
optim|165|69
optimis|14|7
optimist|3|1
optimum|9|2
option|25|7
or|8|1
oracl|3|2
orbit|3|1
order|174|29
ordin|5|2
ordinari|6|3
organ|57|18
organiz|11|5
orient|29|10
origin|9|0
orthogon|6|6
oscil|11|6
other|23|0
out|8|2
outcom|31|4
outgo|4|0
outlier|6|4
outlin|4|0
output|52|12
outstand|4|0
overal|54|2
overhead|22|2
overlai|4|1
overlap|12|4
overload|4|1
owner|4|1
ownership|7|1
oxford|3|1
oxid|12|10
oxygen|7|4
p|12|6
p1|6|0
p2|5|0
p2p|7|4
p3|3|0
pa|12|1
pace|4|0
pack|8|4
packag|24|11
packet|16|7
page|21|3
pagerank|3|3
pair|37|9
pairwis|14|4
pane|3|0
paper|29|2
parabol|8|6
paradigm|23|1
paragraph|3|0
parallel|45|24
paramet|138|36
parameter|7|5
parametr|12|7
parametris|3|2
parent|6|2
pareto|5|0
pari|3|1
pariti|5|2
park|7|1
part|10|2
parti|10|0
partial|26|7
particip|38|5
particl|29|18
partit|15|7
partner|9|1
partnership|3|2
parton|3|1
pass|12|2
passag|5|2
passiv|7|2
past|17|0
patch|4|2
path|44|16
patholog|5|2
patient|23|8
patron|3|2
pattern|45|19
paul|4|0
payment|19|8
payoff|13|4
pb|3|1
pc|17|11
pca|4|2
pda|4|2
pde|5|3
peak|13|5
pedagog|3|2
pedagogi|3|1
peer|12|3
pen|3|2
penalti|7|3
pend|5|0
peopl|24|0
per|8|0
perceiv|3|0
percent|5|0
percentag|6|0
percept|17|5
perceptron|4|3
perceptu|4|1
perfect|16|0
perform|192|46
period|36|10
permiss|7|1
permut|5|4
persist|7|1
person|44|15
personnel|5|1
perspect|26|2
perturb|15|6
pervas|7|2
petri|5|4
pg|3|1
ph|3|0
phase|76|31
phenomena|10|1
phenomenon|16|1
pheromon|3|2
phi|5|0
philosophi|7|0
phone|12|2
photo|4|2
photon|13|10
phrase|4|0
phy|3|0
physic|45|9
physiolog|3|1
pi|15|0
pictur|13|0
pid|3|3
piec|11|2
piecewis|12|8
piezoelectr|7|7
pilot|7|0
pin|3|1
pinhol|3|2
pipe|4|1
pipelin|4|2
pittsburgh|5|0
pivot|4|2
pixel|12|6
pk|4|0
pl|4|1
place|40|1
placement|14|2
plai|8|1
plan|50|25
planar|4|2
plane|19|11
plant|24|8
plasma|10|7
plastic|7|3
plate|5|5
platform|29|3
plausibl|4|1
player|27|1
plot|6|1
point|98|21
poisson|6|2
poker|3|0
polar|9|3
pole|6|3
polici|33|13
polit|6|0
pollut|3|1
polygon|4|3
polym|13|8
polymer|8|5
polymorph|3|3
polynomi|43|23
pool|7|2
poor|16|0
popul|17|4
popular|30|1
pore|3|0
poros|3|1
porou|3|1
port|5|0
portabl|6|2
portal|10|4
portfolio|4|1
portion|5|0
pose|3|0
posit|86|18
possibl|40|2
post|24|7
posterior|4|2
pot|3|1
potenti|67|10
pound|3|1
powder|3|1
power|98|33
pp|3|0
pr|6|1
practic|73|4
practition|3|1
pragmat|3|0
pre|16|2
precis|31|5
precursor|5|3
predecessor|4|1
predic|6|1
predict|56|21
predictor|5|1
prefer|28|7
preliminari|10|0
prepar|9|2
preprocess|6|3
prescrib|3|0
presenc|33|3
present|21|2
preserv|11|2
press|9|4
pressur|25|7
prevent|4|1
price|42|18
primal|3|0
primari|23|5
prime|3|0
primit|8|0
princip|17|7
principl|37|6
print|9|1
priori|11|0
prioriti|7|1
privaci|5|5
privat|24|2
proactiv|5|1
probabilist|14|6
probabl|66|32
probe|13|5
problem|232|80
proce|10|0
procedur|76|21
process|277|92
processor|14|3
procur|5|1
produc|5|1
product|86|32
profess|12|4
profession|17|7
profil|34|12
profit|14|3
program|130|53
programm|11|1
progress|9|1
prohibit|3|1
project|65|16
prolifer|3|0
promis|20|0
promot|4|2
proof|25|4
propag|25|8
proper|15|1
properti|140|32
proport|17|0
propos|16|0
proposit|5|0
prospect|12|0
protect|14|6
protocol|55|31
proton|3|1
prototyp|29|4
prover|3|2
provid|36|3
provis|3|0
proxi|8|2
proxim|6|0
ps|3|0
pseudo|7|3
psychiatr|3|0
psycholog|10|6
pt|7|1
pu|3|0
public|28|7
publish|18|7
puls|14|7
purchas|9|2
pure|18|1
purpos|45|1
pv|4|3
q|7|4
q1|4|0
q2|3|0
qcd|6|3
qi|8|0
quadrat|20|8
qualif|3|2
qualit|12|6
qualiti|77|22
quantif|5|2
quantit|17|3
quantiti|22|1
quantiz|10|6
quantum|33|27
quark|12|7
quarter|3|0
quasi|11|2
qubit|10|7
queri|42|19
question|17|3
questionnair|5|2
queue|13|3
quick|4|1
r|6|0
race|6|1
radar|4|2
radial|6|3
radiat|9|7
radic|6|1
radii|3|0
radio|12|3
radiologist|4|3
radiotherapi|4|3
radiu|9|1
rai|8|5
railwai|4|4
ram|3|2
random|59|18
rang|86|10
rank|34|7
ranker|3|1
rapid|18|4
rare|6|2
rate|96|29
ratio|37|16
ration|21|5
rational|3|0
raw|8|2
re|18|5
reach|3|0
reachabl|3|2
reaction|21|10
reactiv|7|1
reactor|14|14
read|3|0
reader|3|0
real|117|22
realiti|11|5
realiz|10|1
realworld|3|0
rearrang|3|2
reason|58|6
receiv|21|4
recent|3|0
receptor|5|2
recipi|3|0
reciproc|6|3
recogn|3|2
recognit|21|16
recommend|17|2
reconfigur|3|2
reconstruct|17|8
record|27|11
recoveri|9|5
recruit|3|2
rectangular|5|2
recurr|5|4
recurs|12|6
red|3|1
redistribut|3|1
reduc|13|4
reduct|30|12
redund|7|4
ref|7|0
refer|32|7
refin|12|2
reflect|12|2
regard|7|0
regim|12|4
region|54|13
regist|5|3
registr|3|2
regress|11|8
regul|16|8
regular|32|7
regulatori|3|2
reinforc|6|4
reject|7|0
rel|46|7
relai|5|2
relat|74|15
relationship|54|8
relativist|3|3
relax|22|9
releas|6|1
relev|66|9
reliabl|25|11
relianc|4|0
reloc|4|1
remain|40|0
remark|10|0
remot|27|11
remov|6|1
render|7|1
repair|4|1
repeat|16|3
repetit|3|0
replac|4|2
repli|6|1
replic|7|2
replica|3|2
report|18|1
repositori|10|4
repres|25|0
represent|61|15
reproduc|4|1
reproduct|3|1
republ|3|1
reput|8|5
request|30|5
requir|72|8
rescu|5|0
research|122|18
reserv|13|3
resid|4|2
residu|14|5
resist|12|5
resistor|3|1
resolut|46|12
resolv|6|4
reson|15|7
resourc|70|22
respect|69|0
respons|79|22
rest|5|0
restor|4|1
restrict|24|2
result|236|13
retent|6|2
retriev|34|16
return|23|3
reveal|3|0
revel|3|0
revenu|10|4
revers|11|5
review|3|0
revis|3|1
revolut|3|2
reward|8|1
reynold|3|1
rf|3|2
ri|8|0
rich|6|0
richer|7|0
right|27|1
rightmost|3|0
rigid|4|2
rigor|5|1
ring|8|3
rippl|3|2
rise|12|1
risk|19|6
rj|3|0
rm|10|4
rmit|4|0
road|11|3
robert|3|0
robin|3|2
robot|20|15
robust|47|20
rod|4|3
roi|4|0
role|24|4
roll|4|2
room|8|2
root|19|1
rotat|9|3
rotor|3|0
rough|6|3
round|14|3
rout|27|16
router|3|0
routin|7|2
row|5|0
rp|3|1
rule|58|27
run|30|2
rung|7|3
runtim|10|2
s|11|4
s1|10|0
s2|6|0
sa|6|2
safe|5|2
safeti|8|3
sale|9|3
sampl|82|30
san|5|2
sandholm|4|0
santa|3|0
satellit|6|2
satisfact|12|4
satisfactori|8|0
satisfi|13|0
satur|7|3
save|6|2
sb|4|1
sc|4|0
scalabl|21|11
scalar|9|3
scale|96|31
scan|9|5
scanner|3|0
scatter|17|7
scenario|38|5
scene|14|6
schedul|32|12
schema|9|4
schemat|3|1
scheme|119|37
scholarli|7|4
school|24|5
schwarz|3|1
sci|3|0
scienc|88|17
scientif|14|5
scientist|9|1
scope|9|0
score|40|8
scott|3|1
screen|11|4
script|3|1
seal|5|0
seamless|3|1
search|71|31
searchabl|3|0
season|3|0
second|91|11
secondari|9|0
secondpric|3|0
section|20|2
sector|14|4
secur|29|15
seed|3|1
seek|3|0
segment|32|18
select|69|12
self|38|16
selfish|5|0
sell|6|1
seller|8|1
sem|5|5
semant|25|13
semi|15|6
semiconductor|10|6
send|4|0
sens|24|7
sensibl|3|0
sensit|38|12
sensor|33|17
sensori|3|2
separ|41|5
septemb|3|0
sequenc|51|13
sequenti|20|9
seri|30|11
serial|5|2
serv|5|1
server|31|15
servic|97|28
session|12|1
set|147|34
setup|9|2
sever|13|3
sf|5|0
shadow|9|4
shallow|3|1
shape|35|11
shaplei|3|3
share|66|13
sharp|9|2
shear|11|8
sheet|5|1
shell|6|4
shift|18|5
shop|3|2
short|37|6
shortag|4|0
shortcom|4|0
shortcut|3|0
shorter|5|0
shortest|10|5
shot|5|0
show|17|0
shrink|3|1
si|10|2
sibl|4|0
side|10|2
sigma|5|0
sign|9|1
signal|69|25
signatur|8|5
signific|12|2
silica|3|3
silicon|8|2
similar|16|4
simpl|124|6
simpler|5|0
simplest|6|0
simplex|4|2
simplic|8|0
simplifi|11|3
simul|160|65
simultan|12|2
singl|165|23
singleitem|3|0
singlet|3|2
singular|13|7
sink|4|1
sinusoid|3|2
site|58|20
situ|9|1
situat|46|3
six|6|4
size|101|16
sj|3|0
skew|4|1
skill|16|3
slab|3|0
slant|3|2
slice|4|1
slide|5|3
slight|3|0
slope|3|1
slot|8|1
slow|7|0
slower|4|0
sm|3|3
small|84|8
smaller|23|1
smallest|12|1
smart|11|7
smooth|18|9
so|18|0
social|28|16
societi|20|4
soft|9|5
soften|3|0
softwar|83|34
solar|7|5
solid|14|5
solidif|3|2
solut|120|28
solv|10|1
solvabl|5|3
solvent|5|1
solver|12|6
sort|5|1
sound|5|2
sourc|70|13
southampton|3|0
southern|3|0
sp|3|1
space|131|38
spam|5|1
span|10|0
spanish|3|0
spars|7|3
spatial|32|16
spatiotempor|3|2
speaker|5|4
speci|8|2
special|50|1
specialist|3|1
specialti|5|1
specif|66|13
specifi|19|0
specimen|3|1
spectat|3|2
spectra|8|4
spectral|10|3
spectroscopi|5|2
spectrum|23|6
specul|6|1
speech|8|4
speed|48|13
sphere|9|5
spheric|5|5
spike|3|3
spin|6|1
spiral|3|0
spline|5|4
split|15|7
sponsor|4|2
spontan|5|1
spot|7|1
spread|3|1
spuriou|6|0
squar|22|9
st|3|0
stabil|64|26
stabl|25|10
staff|8|2
stage|38|8
stainless|4|2
stanc|3|0
stand|4|0
standalon|3|0
standard|94|19
standpoint|4|0
stanford|3|0
star|3|0
start|18|0
state|164|62
statement|12|1
static|34|7
station|8|3
stationari|13|5
statist|58|24
stator|3|3
statu|9|3
steadi|17|9
steam|9|7
steel|13|12
steer|4|4
step|66|16
stepsiz|3|1
stiff|8|3
stimul|3|2
stimuli|3|0
stochast|33|17
stock|7|4
stop|3|0
storag|36|8
store|19|1
stori|8|1
straightforward|12|0
strain|12|10
strateg|15|5
strategi|104|31
strategyproof|5|0
stream|21|7
strength|28|2
stress|24|9
strict|7|1
string|10|3
stroke|3|2
strong|31|7
stronger|4|0
strongest|4|0
structur|194|62
student|28|8
studi|100|18
style|10|3
su|4|0
sub|33|1
subdivis|5|3
subgam|3|0
subject|35|4
submiss|4|0
suboptim|7|0
subscrib|3|0
subsequ|3|0
subset|20|6
subspac|6|2
substanti|10|0
substitut|9|2
substrat|16|6
subsystem|4|0
subtract|3|2
success|34|3
successor|5|0
suffici|24|2
suggest|13|0
suit|9|3
sum|29|3
summari|4|1
sun|3|1
sup|9|0
super|8|1
supercomput|5|3
superior|11|1
superposit|3|1
supersymmetr|4|0
supervisori|4|2
supplementari|4|0
suppli|19|9
supplier|5|0
support|86|18
suppress|4|1
surfac|53|32
surfact|3|3
surgeri|3|1
surject|3|0
surplu|8|1
surpris|3|0
surround|9|0
survei|16|6
surviv|6|2
suscept|3|2
suspens|6|4
sv|3|1
svm|5|1
switch|21|9
sym|3|0
symbol|13|5
symmetr|22|8
symmetri|16|3
synapt|3|2
synchron|18|7
syntact|4|2
synthesi|13|4
synthet|10|7
system|502|269
systemat|14|0
t|14|6
t0|5|0
t1|9|0
t2|6|0
t3|3|0
tabl|18|2
tactic|6|1
tail|4|1
take|3|1
talk|6|1
tangenti|3|1
target|47|10
task|86|13
tau|3|0
taxonomi|5|1
taylor|6|4
tc|3|0
tcp|6|2
td|3|1
te|3|0
teach|12|4
teacher|6|4
team|11|3
tech|5|0
technic|27|10
techniqu|207|57
technolog|148|35
tel|3|0
telecom|7|3
telecommun|11|6
telephon|4|2
teleport|3|3
televis|3|0
tem|5|5
temperatur|40|13
templat|10|5
tempor|25|13
temporari|3|0
tensil|4|2
tension|6|1
tensor|6|2
tent|3|0
tenth|3|0
term|141|20
termin|14|6
terminolog|6|1
terror|3|0
test|99|27
testb|3|1
texa|3|0
text|27|6
textual|6|0
textur|6|4
tf|4|0
th|13|1
the|18|0
theorem|27|13
theoret|47|8
theori|104|38
theorist|3|0
therapi|9|6
thermal|17|9
thermodynam|5|3
thesauru|3|2
these|3|0
theta|5|1
thick|16|2
thin|16|10
third|3|0
thought|3|0
thousand|8|0
thread|3|0
threat|3|0
three|37|18
threshold|35|12
throughput|8|2
ti|14|3
tie|4|0
tier|3|1
tight|8|2
tile|3|1
time|256|95
tini|5|0
tip|9|3
tissu|9|4
titanium|5|4
titl|14|1
tj|3|0
tm|6|0
tn|4|0
to|47|17
todai|22|0
toi|3|0
token|4|1
toler|18|8
tomographi|8|4
tool|91|24
toolkit|3|0
top|13|1
topic|26|3
topolog|33|17
torqu|7|5
total|78|6
trace|9|1
track|41|13
tractabl|9|2
trade|24|9
tradeoff|8|0
trader|4|1
tradit|9|1
traffic|27|10
trail|4|2
train|49|16
trajectori|22|10
transact|9|0
transfer|17|8
transform|25|9
transient|18|8
transistor|4|1
transit|40|13
translat|9|4
transmiss|29|17
transmitt|3|0
transpar|3|1
transport|19|7
transvers|6|2
trap|3|3
travel|5|2
travers|4|3
treatment|24|10
trec|10|1
tree|26|10
trend|19|1
tri|3|3
trial|8|1
triangl|5|2
triangul|6|5
trigger|9|0
trivial|10|1
true|37|2
truncat|5|2
trust|10|6
truth|13|2
try|3|0
tube|5|5
tumor|5|1
tune|8|2
tunnel|3|2
tuoma|4|0
turbin|8|5
turn|6|1
tutor|3|1
tutori|3|1
tv|4|0
twist|7|5
two|70|24
twofold|3|1
type|131|22
ub|3|0
uc|3|0
ui|5|0
uj|3|0
uk|10|3
ultrasound|4|3
ultrathin|3|2
uml|6|3
un|3|0
unbound|5|1
uncertain|16|6
uncertainti|34|10
undergradu|4|2
underli|39|2
understand|25|1
undesir|5|1
undirect|5|2
unexpect|4|0
unifi|19|6
uniform|29|4
unigram|3|0
union|6|3
uniqu|37|3
unit|53|12
univari|3|1
univers|116|17
unknown|21|3
unlimit|4|1
unnecessari|4|0
unreli|4|0
unseen|8|0
unstructur|5|2
unsuccess|3|0
unsupervis|6|3
uo2|4|3
up|7|1
updat|21|2
upper|27|4
uptak|4|0
urban|7|3
url|4|0
us|87|1
usa|20|2
usabl|9|1
usag|16|1
user|119|25
usual|15|0
util|60|11
v|3|0
v1|4|0
vacanc|4|2
vacuum|10|7
valid|37|6
valu|155|33
valuabl|15|0
valuat|8|1
valv|6|6
van|6|1
vapor|5|2
var|3|0
vari|12|3
variabl|74|20
varianc|18|5
variant|19|2
variat|53|10
varieti|18|0
vast|3|0
vcg|10|2
vector|74|23
vehicl|12|7
veloc|17|8
vendor|15|3
ventil|3|2
ventricular|4|1
ventur|3|1
verif|8|6
verifi|5|0
version|37|2
vertex|11|4
vertic|14|4
vessel|6|3
vi|11|0
viabil|5|1
viabl|5|1
vibrat|18|16
vicin|4|0
vickrei|6|1
video|26|13
view|54|4
viewpoint|12|2
vincent|4|0
vinyl|3|1
violat|4|0
virginia|3|0
virtu|4|0
virtual|36|21
viscoelast|4|2
viscos|3|0
viscou|3|1
visibl|10|4
vision|12|4
visit|3|0
visual|27|11
vivo|5|0
vj|3|0
vo|3|2
vocabulari|10|3
voic|6|3
void|3|1
voltag|28|16
volum|30|7
volumetr|10|5
volunt|7|0
vote|9|1
voxel|3|1
vr|5|1
w|3|1
w2|4|1
wafer|5|2
wait|8|3
walk|4|1
wall|10|6
war|5|0
warehous|3|2
wast|6|2
water|15|12
watermark|3|2
wave|31|16
waveform|3|2
wavelet|12|9
weak|23|8
weaker|4|0
weakli|10|2
weather|4|2
web|89|55
websit|3|0
week|6|0
weight|64|16
weld|3|1
welfar|3|1
well|18|0
whilst|9|0
white|11|4
wi|5|0
wide|42|2
wider|6|0
widespread|9|0
width|8|1
win|11|1
wind|5|3
window|17|5
wine|3|1
winner|8|0
wire|6|5
wireless|21|10
wise|3|0
wish|5|0
wit|5|1
women|18|10
word|23|9
work|60|7
worker|4|0
workflow|9|4
workplac|3|0
workshop|3|2
workstat|3|0
world|63|7
worst|20|3
worstcas|3|0
worth|3|0
writer|3|1
wrong|5|0
wu|3|0
x|10|3
x0|3|0
xi|9|0
xj|3|0
xml|8|4
xor|4|1
xt|4|0
yahoo|3|0
yang|4|0
year|9|0
yi|4|0
yield|24|1
york|4|0
yun|3|0
z|3|2
zero|18|1
zhang|6|0
zi|4|0
zn|3|1
zone|14|6`

export const KEYPHRASE_LEXICON: KeyphraseLexicon = lexiconFrom(PHRASES, WORDS)
