import { DIRECTORY_CATEGORIES, type Category } from '@mamoudzou/domain/vocabulary';

export const directoryCategory = (id: unknown): Category | undefined => DIRECTORY_CATEGORIES.find((c) => c.id === id);
export const PUBLIC_SERVICE_CATEGORIES = DIRECTORY_CATEGORIES.filter((c) => c.isPublicService).map((c) => c.id);
export const EMERGENCY_CATEGORIES = DIRECTORY_CATEGORIES.filter((c) => c.isEmergency).map((c) => c.id);
