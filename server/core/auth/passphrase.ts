import { randomInt } from 'node:crypto';
import { passwordWeakness } from './password-strength';

/*
 * A first password a child can type and a guardian can read off a slip: three short common words and two digits
 * ('sunny-otter-kite-47'), about 31 bits from 343 words — guessed online against the sign-in throttle, and changed
 * at the learner's first sign-in. Checked like any password set by hand, so it passes the staff strength rule.
 */
const WORDS =
  'apple bake baker beach bell berry bird black blue boat book bounce brave bread brick bright brush build bus busy cake calm camel candy cap card carrot cat catch chair chalk chase cheese chess chick clap clay clean clever climb clock cloud coat coin color comb cook cool corn count cow cozy crab crayon crown cup curly daisy dance desk dig dizzy dog doll door dove draw dream drum duck eager eagle early earth egg fan fancy farm fast feather fern field fig fish flag flame fluffy flute fly fog forest fork fox friendly frog fruit funny garden gate gentle giant gift glad glass glove goat gold good grand grape grass green grow guava gull hammer hand happy harp hat hawk hen hike hill honest honey hop horse house hug ice igloo ink iron island jam jar jeep jelly jolly juice jump kettle key kick kind kite kiwi knot ladder lake lamb lamp laugh leaf learn lemon lily lime lion listen lizard llama lotus lucky mango map maple marble march melon merry mighty milk mint mirror monkey moon moth mouse mud mug neat nest net nice noble noodle nut oak oar ocean olive onion orange otter owl paint panda paper park parrot pea peach pear pearl pen pencil pepper piano pig pillow pine pizza plant plate play plum pond pony pot proud puppy purple quail queen quick quiet quilt rabbit radio rain rainbow rapid read ride river road robin rock rocket rope rose rosy row ruby run sail salt sand scarf sea seal seed shark sheep shell shiny ship shoe silly silver sing skip sky sled sleep smart smile snail snow snowy soap sock sofa soft soup speedy spicy spin spoon star stone storm sugar sun sunny super swan sweet swift swim table taco talk tall tent think throw tidy tiger tiny toast tomato tooth towel tower town toy train tree truck tulip turtle umbrella valley van violin wagon walk wall warm water wave whale wheat wheel whistle window wing wink wise witty wolf wood write yarn yellow young yoyo zebra zero zesty'.split(
    ' ',
  );

export const PASSPHRASE_WORD_COUNT = WORDS.length;

/** A passphrase that passes `passwordWeakness` with the account's e-mail and names (e.g. the learner's). */
export function generatePassphrase(email: string | null | undefined, userInputs: Array<string | null | undefined> = []): string {
  const inputs = userInputs.filter((v): v is string => !!v);
  const word = () => WORDS[randomInt(WORDS.length)]!;
  for (let attempt = 0; attempt < 20; attempt++) {
    const password = `${word()}-${word()}-${word()}-${randomInt(10, 100)}`;
    if (!passwordWeakness(password, email, inputs)) return password;
  }
  throw new Error('Could not generate a passphrase that passes the password policy');
}
