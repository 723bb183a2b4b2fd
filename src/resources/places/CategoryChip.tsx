import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import BuildingIcon from '@mui/icons-material/AccountBalanceOutlined';
import BusIcon from '@mui/icons-material/DirectionsBusOutlined';
import HospitalIcon from '@mui/icons-material/LocalHospitalOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import ParkIcon from '@mui/icons-material/ParkOutlined';
import PeopleIcon from '@mui/icons-material/GroupsOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import ServiceIcon from '@mui/icons-material/HandymanOutlined';
import SirenIcon from '@mui/icons-material/EmergencyOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import type { Category } from '@mamoudzou/domain/vocabulary';

/** The icon of each category's `icon` name (domain/vocabulary.ts). */
const ICONS: Record<string, ComponentType<{ fontSize?: 'small' | 'inherit' | 'medium' | 'large'; sx?: object }>> = {
  building: BuildingIcon,
  hospital: HospitalIcon,
  school: SchoolIcon,
  store: StoreIcon,
  bus: BusIcon,
  park: ParkIcon,
  service: ServiceIcon,
  siren: SirenIcon,
  people: PeopleIcon,
  map: MapIcon,
};

export function CategoryIcon({ category, fontSize = 'small' }: { category?: Category; fontSize?: 'small' | 'inherit' | 'medium' | 'large' }) {
  const Icon = (category && ICONS[category.icon]) || PlaceIcon;
  return <Icon fontSize={fontSize} sx={{ color: category?.color ?? 'text.secondary' }} aria-hidden />;
}

/** A category with its icon and colour (a coloured left border, dark text: readable in both themes). */
export function CategoryChip({ category, subcategory }: { category?: Category; subcategory?: string }) {
  if (!category) return null;
  const sub = category.subcategories.find((s) => s.id === subcategory)?.name;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 1, border: 1, borderColor: 'divider', borderLeft: `4px solid ${category.color}`, fontSize: '0.8125rem', fontWeight: 600 }}
    >
      <CategoryIcon category={category} fontSize="inherit" />
      {sub ? `${category.name} · ${sub}` : category.name}
    </Box>
  );
}
