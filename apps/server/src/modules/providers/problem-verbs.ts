/** The verbs the offline provider's word rules know (problem-reading.ts), and how words compare. */

const set = (words: string) => new Set(words.split(' '));

/** A word as the rules compare it: lowercase, with a plain apostrophe. */
export const lower = (word: string) => word.toLowerCase().replace(/’/g, "'");

/** Common verbs in the base form: where a question's actor ends and its action begins. */
export const VERBS = set(
  'help make get give become turn cut reduce increase improve keep stop start build create find ' +
    'bring let answer ship grow attract encourage support feel choose spend save learn use ' +
    'share see meet run take have go come stay live work sleep eat read play win avoid prevent ' +
    'raise lower boost double halve engage retain welcome connect reach serve sell offer ' +
    'provide deliver handle manage solve fix change move design plan organise organize track ' +
    'measure reward motivate involve include protect clean recycle reuse cycle walk drive travel ' +
    'visit join return finish complete understand know speak listen talk write teach train ' +
    'practise practice focus concentrate rest relax study apply hire onboard recruit fund pay ' +
    'afford donate volunteer contribute collaborate communicate respond reply ask tell show ' +
    'explain celebrate enjoy trust remember notice check test try prepare cook repair lend ' +
    'borrow open publish enable allow persuade inspire convince empower nudge invite grant ' +
    'cope thrive drink exercise vote adopt switch waste lose spend fill answer be do leave ' +
    'mentor compete revise settle sign code unwind discover explore navigate access attend ' +
    'achieve belong breathe catch collect compare decide describe develop discuss earn escape ' +
    'feed follow forget gather hear hold imagine laugh lead lift miss obtain own paint pick ' +
    'produce promote qualify realise realize receive recover reflect register rely ' +
    'remain report rescue ride search seek send shape sing smile succeed suggest swap thank ' +
    'think tidy transform translate upgrade wait wake want wash worry graduate reconnect ' +
    'heal grieve edit',
);
