/** The commune's outline is drawn on every map, so that a map whose tiles cannot load still shows where the town is. */
export { TOWN_OUTLINE } from '@mamoudzou/domain/territory';

/** The zoom of a map centred on one place without its own zoom. */
export const TOWN_ZOOM = 13;
