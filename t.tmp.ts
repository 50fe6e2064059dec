import { vocabularies } from './src/worlds/tripwire/schema';
console.log(vocabularies(11)[0].join(', '));
