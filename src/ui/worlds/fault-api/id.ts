/** The world's id, as its UI modules name it (the world's own code spells it too: names.test holds them equal). */
export const FAULT_API = 'fault-api';
