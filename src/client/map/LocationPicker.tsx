// The location picker of the engineering dialog (spec 000 screen 2): an address search over the built-in place
// list (debounced 1000 ms, all provinces and cities, by name or pinyin), the map with a draggable pin, and
// 经度 / 纬度 inputs. Picking a point — a click, a drag, typed coordinates — sets latLng ('lng,lat', 6 decimals)
// and fills the address (项目位置) with the nearest known place: at once the nearest bundled city ('江苏省南京市'),
// then, when 全局配置 names a geocoder, the service's own address for the point (geocode.ts). The city also
// becomes the site (所在城市) when none is chosen. Picking a search result fills address ('省名+市名'), site and
// point, and re-centres the map there.
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  DEFAULT_CENTER,
  SEARCH_DEBOUNCE_MS,
  formatLatLng,
  isValidLat,
  isValidLng,
  mainCityOf,
  nearestCity,
  parseCoordinate,
  parseLatLng,
  placeAddress,
  searchPlaces,
  type CityDictItem,
  type LngLat,
  type Place,
} from './geo';
import { useDebouncedValue } from '../admin/debounce';
import { reverseGeocode } from './geocode';
import { LeafletMap, type LeafletMapProps } from './LeafletMap';
import { useMapSettings } from './mapSettings';
import { tpf3Engineering } from '../../../schemas/domain/tpf3Engineering';

export interface LocationValue {
  /** 项目位置: the address text. */
  remarks: string;
  /** 所在城市: the city name. */
  site: string;
  /** 'lng,lat' or ''. */
  latLng: string;
}

export interface LocationPickerProps {
  value: LocationValue;
  onChange: (patch: Partial<LocationValue>) => void;
  tree: readonly CityDictItem[];
  cities: readonly Place[];
  disabled?: boolean;
  /** The map component (tests may swap it for a stub). */
  mapComponent?: ComponentType<LeafletMapProps>;
  mapHeight?: number;
  latLngError?: string;
}

/** 项目位置 holds at most this many characters (the schema's maxLength). */
const REMARKS_MAX = tpf3Engineering.properties.remarks.maxLength;

const coordText = (n: number | undefined) => (n === undefined ? '' : n.toFixed(6));
const sameNumber = (a: number | undefined, b: number | undefined) => (a === undefined ? b === undefined : b !== undefined && Math.abs(a - b) < 5e-7);

export function LocationPicker({ value, onChange, tree, cities, disabled, mapComponent: MapComponent = LeafletMap, mapHeight = 300, latLngError }: LocationPickerProps) {
  const mapSettings = useMapSettings();
  const point = parseLatLng(value.latLng);
  const cityOfSite = useMemo(() => cities.find((c) => c.name === value.site), [cities, value.site]);
  const [view, setView] = useState<LngLat>(() => point ?? DEFAULT_CENTER);

  // the first time the places arrive for a record with a city but no point, look at that city
  const sawCity = useRef(false);
  useEffect(() => {
    if (sawCity.current || !cityOfSite) return;
    sawCity.current = true;
    if (!point) setView({ lng: cityOfSite.lng, lat: cityOfSite.lat });
  }, [cityOfSite]); // eslint-disable-line react-hooks/exhaustive-deps

  // a city chosen in the 所在城市 picker (not by us) moves the view there when no point is set yet
  const siteSetHere = useRef<string | undefined>(undefined);
  const previousSite = useRef(value.site);
  useEffect(() => {
    if (value.site === previousSite.current) return;
    previousSite.current = value.site;
    if (value.site === siteSetHere.current) return;
    if (cityOfSite && !parseLatLng(value.latLng)) setView({ lng: cityOfSite.lng, lat: cityOfSite.lat });
  }, [value.site, cityOfSite]); // eslint-disable-line react-hooks/exhaustive-deps

  // the latest onChange: a geocoder answer arrives after later renders
  const onChangeNow = useRef(onChange);
  onChangeNow.current = onChange;
  const emit = (patch: Partial<LocationValue>) => {
    if (patch.site !== undefined) siteSetHere.current = patch.site;
    onChangeNow.current(patch);
  };

  // the address as last rendered, and the latest pick: a geocoder answer lands only on the pick it belongs to
  // and only while the address is still the one we filled in
  const remarksNow = useRef(value.remarks);
  remarksNow.current = value.remarks;
  const geocoding = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => geocoding.current?.abort(), []);

  /** A point from the map (click, drag) or the coordinate inputs. */
  const pickPoint = (p: LngLat, recentre: boolean) => {
    geocoding.current?.abort();
    const patch: Partial<LocationValue> = { latLng: formatLatLng(p) };
    const city = nearestCity(cities, p);
    if (city) {
      patch.remarks = placeAddress(city);
      if (!value.site) patch.site = city.name;
    }
    emit(patch);
    if (recentre) setView(p);
    if (!mapSettings.geocodeUrl) return;
    const ask = new AbortController();
    geocoding.current = ask;
    const filled = patch.remarks ?? value.remarks;
    void reverseGeocode(mapSettings.geocodeUrl, p, ask.signal).then((address) => {
      // not when a later pick came first or the user has typed an address since
      if (!address || ask.signal.aborted || remarksNow.current !== filled) return;
      emit({ remarks: address.slice(0, REMARKS_MAX) });
    });
  };

  /** A result of the address search. */
  const pickPlace = (place: Place) => {
    geocoding.current?.abort();
    const city = place.kind === 'city' ? place : mainCityOf(cities, place);
    const p = { lng: place.lng, lat: place.lat };
    emit({
      latLng: formatLatLng(p),
      remarks: city ? placeAddress(city) : place.name,
      ...(city ? { site: city.name } : {}),
    });
    setView(p);
  };

  // the address search
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => searchPlaces(tree, settled), [tree, settled]);
  const searching = query.trim() !== '' && query !== settled;

  // the coordinate inputs keep what is typed; they follow latLng when it changes elsewhere
  const [lngText, setLngText] = useState(coordText(point?.lng));
  const [latText, setLatText] = useState(coordText(point?.lat));
  useEffect(() => {
    if (!sameNumber(parseCoordinate(lngText), point?.lng)) setLngText(coordText(point?.lng));
    if (!sameNumber(parseCoordinate(latText), point?.lat)) setLatText(coordText(point?.lat));
  }, [value.latLng]); // eslint-disable-line react-hooks/exhaustive-deps

  const onCoordinate = (lngT: string, latT: string) => {
    setLngText(lngT);
    setLatText(latT);
    const lng = parseCoordinate(lngT);
    const lat = parseCoordinate(latT);
    if (lng !== undefined && lat !== undefined && isValidLng(lng) && isValidLat(lat)) pickPoint({ lng, lat }, true);
  };
  const cleanCoordinate = (s: string) => s.replace(/[^\d.-]/g, '').slice(0, 12);

  return (
    <Stack spacing={1.5}>
      <Autocomplete<Place, false, false, false>
        options={results}
        filterOptions={(x) => x}
        inputValue={query}
        onInputChange={(_e, v, reason) => {
          if (reason !== 'reset') setQuery(v);
        }}
        value={null}
        onChange={(_e, place) => {
          if (place) {
            pickPlace(place);
            setQuery('');
          }
        }}
        getOptionLabel={(p) => (p.kind === 'city' ? placeAddress(p) : p.name)}
        isOptionEqualToValue={(a, b) => a.code === b.code && a.kind === b.kind}
        groupBy={(p) => (p.kind === 'province' ? '省份' : '城市')}
        loading={searching}
        loadingText="正在搜索..."
        noOptionsText={query.trim() ? '未找到匹配的地点' : '输入城市名称或拼音'}
        disabled={disabled}
        renderOption={(props, p) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box>
                <Typography variant="body2">{p.kind === 'city' ? placeAddress(p) : p.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {p.lng.toFixed(6)},{p.lat.toFixed(6)}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label="搜索地点"
            placeholder="输入城市名称或拼音，如 南京 / nanjing"
            InputProps={{
              ...params.InputProps,
              startAdornment: (
                <>
                  <SearchIcon fontSize="small" color="action" sx={{ ml: 0.5 }} />
                  {params.InputProps.startAdornment}
                </>
              ),
            }}
            inputProps={{ ...params.inputProps, maxLength: 50 }}
          />
        )}
      />
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <MapComponent center={view} marker={point} onPick={disabled ? undefined : (p) => pickPoint(p, false)} tiles={mapSettings} places={cities} height={mapHeight} />
      </Box>
      <Stack direction="row" spacing={2}>
        <TextField
          size="small"
          label="经度"
          value={lngText}
          disabled={disabled}
          onChange={(e) => onCoordinate(cleanCoordinate(e.target.value), latText)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!latLngError}
          fullWidth
        />
        <TextField
          size="small"
          label="纬度"
          value={latText}
          disabled={disabled}
          onChange={(e) => onCoordinate(lngText, cleanCoordinate(e.target.value))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!latLngError}
          helperText={latLngError}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}

export default LocationPicker;
